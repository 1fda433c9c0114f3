import { dirname } from "node:path";
import type { Env } from "../../../services/kit/domain/domain-module.js";
import { type DatabaseTarget, domainDatabaseTarget } from "../../../services/kit/storage/database-url.js";

/**
 * How `npm start` lets the annotation tabular query's view read the registry's tables, unless
 * the environment says: the registry's database name when both domains live on one MySQL
 * server; on PostgreSQL, which reads no other database, the schema the migrations made its
 * tables in (`public`, the default) when both domains share one database; or the registry's
 * SQLite file when both are SQLite files in one folder (the embedded default). Otherwise
 * (another server or database, or mixed kinds) nothing: the registry columns are null.
 */
/** The schema PostgreSQL creates tables in when the user has no schema of its own name. */
const POSTGRES_DEFAULT_SCHEMA = "public";

export function annotationRegistryEnv(env: Env, dataDir: string): Env {
  if (env.M3_ANNOTATION_REGISTRY_SCHEMA || env.M3_ANNOTATION_REGISTRY_SQLITE_FILE) return {};
  const annotation = targetOf(env, dataDir, "ANNOTATION");
  const registry = targetOf(env, dataDir, "REGISTRY");
  if (annotation.kind === "mysql" && registry.kind === "mysql") {
    const sameServer = annotation.host === registry.host && annotation.port === registry.port;
    return sameServer ? { M3_ANNOTATION_REGISTRY_SCHEMA: registry.database } : {};
  }
  if (annotation.kind === "postgres" && registry.kind === "postgres") {
    const sameDatabase =
      annotation.host === registry.host &&
      annotation.port === registry.port &&
      annotation.database === registry.database;
    return sameDatabase ? { M3_ANNOTATION_REGISTRY_SCHEMA: POSTGRES_DEFAULT_SCHEMA } : {};
  }
  if (annotation.kind === "sqlite" && registry.kind === "sqlite") {
    const files = annotation.file !== ":memory:" && registry.file !== ":memory:";
    const sameFolder = dirname(annotation.file) === dirname(registry.file);
    return files && sameFolder ? { M3_ANNOTATION_REGISTRY_SQLITE_FILE: registry.file } : {};
  }
  return {};
}

function targetOf(env: Env, dataDir: string, domain: string): DatabaseTarget {
  const url = env[`M3_${domain}_DATABASE_URL`] || env.M3_DATABASE_URL || undefined;
  return domainDatabaseTarget(url, dataDir, domain.toLowerCase());
}
