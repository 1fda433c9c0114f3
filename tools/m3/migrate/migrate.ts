import { openAnnotationStorage } from "../../../services/annotation/annotation-domain.js";
import { HistogramCountTriggersRepository } from "../../../services/annotation/query/repositories/histogram-count-triggers.repository.js";
import {
  HistogramCountsService,
  type HistogramCountsState,
} from "../../../services/annotation/query/services/histogram-counts.service.js";
import { kbSchema } from "../../../services/kb/kb.module.js";
import type { Env } from "../../../services/kit/config/env-reader.js";
import {
  type DatabaseTarget,
  domainDatabaseTarget,
  redact,
} from "../../../services/kit/storage/database-url.js";
import { type DomainStorage, openDomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { openRegistryStorage } from "../../../services/registry/registry-domain.js";
import { domainDatabaseUrl, refuseUnsupportedEngines } from "./domain-engines.js";

/**
 * The storage opener of every domain that has a database. Opening applies pending
 * migrations (openDomainStorage), which is all a migration run needs; config, capture and
 * upload keep no tables.
 */
const STORAGE_OPENERS: Record<string, (target: DatabaseTarget) => Promise<DomainStorage>> = {
  kb: (target) => openDomainStorage({ target, domain: "kb", ...kbSchema }),
  annotation: openAnnotationStorage,
  registry: openRegistryStorage,
};

export const MIGRATABLE_DOMAINS: readonly string[] = Object.keys(STORAGE_OPENERS);

/** Opens a domain's storage at a target as the domain does (its schema brought up to date): the caller closes it. */
export function openDomainStorageAt(domain: string, target: DatabaseTarget): Promise<DomainStorage> {
  const open = STORAGE_OPENERS[domain];
  if (!open) throw new Error(`no migrations for ${domain}: choose from ${MIGRATABLE_DOMAINS.join(", ")}`);
  return open(target);
}

/** What a migration run did beyond the migrations. */
export interface MigrationOutcome {
  /** The annotation domain's kept histogram counts: their triggers are made here when missing. */
  histogramCounts?: HistogramCountsState;
}

/**
 * What a domain's schema needs beyond its migrations: the annotation database of a user once
 * refused CREATE TRIGGER gets the triggers of its histogram counts (and a recount) once granted.
 */
const AFTER_MIGRATIONS: Record<string, (storage: DomainStorage) => Promise<MigrationOutcome>> = {
  annotation: async (storage) => ({
    histogramCounts: await new HistogramCountsService(new HistogramCountTriggersRepository(storage)).turnOn(),
  }),
};

/** Brings one domain's schema at a target up to date (opening applies pending migrations). */
export async function migrateDomainAt(domain: string, target: DatabaseTarget): Promise<MigrationOutcome> {
  const open = STORAGE_OPENERS[domain];
  if (!open) throw new Error(`no migrations for ${domain}: choose from ${MIGRATABLE_DOMAINS.join(", ")}`);
  const storage = await open(target);
  try {
    return (await AFTER_MIGRATIONS[domain]?.(storage)) ?? {};
  } finally {
    await storage.close();
  }
}

export interface MigratedDomain extends MigrationOutcome {
  domain: string;
  /** Where the tables are, password redacted. */
  database: string;
}

/**
 * Brings each domain's schema up to date, one domain after the other, reading the same
 * database settings the domain processes read (M3_<DOMAIN>_DATABASE_URL, then
 * M3_DATABASE_URL, else the embedded SQLite file under dataDir).
 */
export async function migrateDomains(
  domains: readonly string[],
  env: Env,
  dataDir: string,
): Promise<MigratedDomain[]> {
  const unknown = domains.filter((domain) => !MIGRATABLE_DOMAINS.includes(domain));
  if (unknown.length > 0) {
    throw new Error(`no migrations for ${unknown.join(", ")}: choose from ${MIGRATABLE_DOMAINS.join(", ")}`);
  }
  refuseUnsupportedEngines(domains, env, dataDir);
  const migrated: MigratedDomain[] = [];
  for (const domain of domains) {
    const url = domainDatabaseUrl(env, domain);
    const target = domainDatabaseTarget(url, dataDir, domain);
    const outcome = await migrateDomainAt(domain, target);
    migrated.push({
      domain,
      database: target.kind === "sqlite" ? target.file : redact(url ?? ""),
      ...outcome,
    });
  }
  return migrated;
}
