import type { Env } from "../kit/domain/domain-module.js";

export const ANNOTATION_DEFAULT_GRPC_PORT = 50052;

/**
 * The only reader of process.env for the annotation process. The annotation domain has no
 * settings of its own yet; the common ones (port, secrets, database URL) come from readDomainConfig.
 */
export function readAnnotationProcessConfig(processEnv: Env = process.env): Env {
  return { ...processEnv };
}
