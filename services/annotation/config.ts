import { isAbsolute } from "node:path";
import type { Env } from "../kit/domain/domain-module.js";
import type { RegistryLink } from "./query/registry-link.js";

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
   * Where the tabular query's view finds the registry's tables: its database on the
   * annotation database's MySQL server, or its schema in the annotation's PostgreSQL database
   * (M3_ANNOTATION_REGISTRY_SCHEMA), or its SQLite file
   * (M3_ANNOTATION_REGISTRY_SQLITE_FILE), attached read-only. Neither: the registry columns are null.
   */
  registry: RegistryLink | undefined;
}

export function readAnnotationSettings(env: Env): AnnotationSettings {
  const schema = env.M3_ANNOTATION_REGISTRY_SCHEMA?.trim();
  const file = env.M3_ANNOTATION_REGISTRY_SQLITE_FILE?.trim();
  if (schema && file) {
    throw new Error("set M3_ANNOTATION_REGISTRY_SCHEMA or M3_ANNOTATION_REGISTRY_SQLITE_FILE, not both");
  }
  if (schema) return { registry: { kind: "schema", schema } };
  if (file) {
    if (!isAbsolute(file))
      throw new Error(`M3_ANNOTATION_REGISTRY_SQLITE_FILE must be an absolute path, got "${file}"`);
    return { registry: { kind: "sqlite-file", file } };
  }
  return { registry: undefined };
}
