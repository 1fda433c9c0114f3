import { annotationMigrations } from "../../../services/annotation/annotation-domain.js";
import { kbSchema } from "../../../services/kb/kb.module.js";
import { type Env, readFirst } from "../../../services/kit/config/env-reader.js";
import { domainDatabaseTarget } from "../../../services/kit/storage/database-url.js";
import { type Dialect, supportedDialects } from "../../../services/kit/storage/domain-storage.js";
import { unsupportedEngineMessage } from "../../../services/kit/storage/engines.js";
import { registryMigrations } from "../../../services/registry/registry-domain.js";

/**
 * The engines each domain with tables runs on: those its migrations cover. PostgreSQL comes
 * domain by domain; until a domain has its migrations, it refuses a postgres:// URL.
 */
export const DOMAIN_ENGINES: Readonly<Record<string, readonly Dialect[]>> = {
  kb: supportedDialects(kbSchema.migrations),
  annotation: supportedDialects(annotationMigrations),
  registry: supportedDialects(registryMigrations),
};

/** The database URL a domain reads: M3_<DOMAIN>_DATABASE_URL, then M3_DATABASE_URL. */
export function domainDatabaseUrl(env: Env, domain: string): string | undefined {
  return readFirst(env, [`M3_${domain.toUpperCase()}_DATABASE_URL`, "M3_DATABASE_URL"]);
}

/**
 * Throws, naming every domain given a database it does not run on and what it runs on, before
 * any domain opens its database: so a start (or a migration run) fails whole, never halfway.
 */
export function refuseUnsupportedEngines(domains: readonly string[], env: Env, dataDir: string): void {
  const refusals = domains.flatMap((domain) => {
    const engines = DOMAIN_ENGINES[domain];
    if (engines === undefined) return [];
    const engine = domainDatabaseTarget(domainDatabaseUrl(env, domain), dataDir, domain).kind;
    return engines.includes(engine) ? [] : [unsupportedEngineMessage(domain, engine, engines)];
  });
  if (refusals.length > 0) throw new Error(refusals.join("\n"));
}
