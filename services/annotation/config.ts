import type { Env } from "../kit/domain/domain-module.js";

export const ANNOTATION_DEFAULT_GRPC_PORT = 50052;

/**
 * The only reader of process.env for the annotation process; the common settings (port,
 * secrets, database URL) come from readDomainConfig.
 */
export function readAnnotationProcessConfig(processEnv: Env = process.env): Env {
  return { ...processEnv };
}

export interface AnnotationSettings {
  /**
   * The registry's database on the annotation database's MySQL server
   * (M3_ANNOTATION_REGISTRY_SCHEMA): the tabular query's view joins its video columns.
   */
  registrySchema: string | undefined;
}

export function readAnnotationSettings(env: Env): AnnotationSettings {
  const schema = env.M3_ANNOTATION_REGISTRY_SCHEMA?.trim();
  return { registrySchema: schema ? schema : undefined };
}
