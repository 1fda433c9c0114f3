import { migrateDomainAt } from "../migrate/migrate.js";
import {
  ArchiveError,
  type ArchiveHeader,
  type ArchiveValue,
  OBJECTS_SECTION,
  sectionParts,
} from "./archive-format.js";
import { readArchive } from "./archive-reader.js";
import { type ArchiveLocation, ArchiveStoreRepository } from "./archive-store.repository.js";
import type { PlatformSettings } from "./backup-settings.js";
import {
  ARCHIVED_DOMAINS,
  type ArchivedDomain,
  type DatabaseDomain,
  migrationNames,
} from "./backup-tables.js";
import { type ImageCheck, ImageChecker } from "./image-check.js";
import { ImageObjectsRepository } from "./image-objects.repository.js";
import { s3Client } from "./s3-client.js";
import { openPerDatabase, openTableWriter } from "./snapshot-readers.js";
import type { TableWriter } from "./tables.repository.js";

export interface RestoreOptions {
  settings: PlatformSettings;
  input: ArchiveLocation;
  /** Replace the rows of domains that are not empty (otherwise such a restore is refused). */
  force?: boolean;
  onProgress?: (progress: { section: string; rows: number }) => void;
}

export interface RestoreResult {
  header: ArchiveHeader;
  /** Rows restored per `<domain>.<table>`. */
  tables: Record<string, number>;
  rows: number;
  /** The archive's image objects compared with the target's image store (whose bytes are not in the archive). */
  images: ImageCheck;
  seconds: number;
}

/** A restore refused before anything was read or written: the target holds data. */
export class RestoreRefusedError extends Error {
  override name = "RestoreRefusedError";
}

/**
 * Loads an archive into the platform's databases, on any engine. The target schemas are
 * migrated first; then every database is loaded all or nothing (SQLite and PostgreSQL: one
 * transaction; MySQL: staging tables swapped in by one RENAME), committed only after the whole archive has
 * been read and checked (its format version, every section's row count and SHA-256, its
 * trailer, every table present, the unique keys): a damaged archive or any failure rolls every
 * domain back, leaving the target as it was. A domain that holds rows is refused unless
 * `force`, whose commit replaces them.
 */
export async function restorePlatform(options: RestoreOptions): Promise<RestoreResult> {
  const startedAt = performance.now();
  const { settings } = options;
  const store = new ArchiveStoreRepository(settings.archiveS3 ? s3Client(settings.archiveS3) : undefined);
  const events = readArchive(await store.openInput(options.input));
  const first = await events.next();
  if (first.done || first.value.kind !== "header") throw new ArchiveError("the archive has no header");
  const header = first.value.header;
  for (const domain of ARCHIVED_DOMAINS) await migrateDomainAt(domain.name, settings.databases[domain.name]);
  const writers = await openPerDatabase(settings.databases, openTableWriter);
  const images = new ImageChecker(new ImageObjectsRepository(settings.images), header.sources.upload);
  const tables: Record<string, number> = {};
  try {
    for (const writer of writers.all) await writer.begin();
    await refuseFilled(writers.of, options.force === true);
    for (const domain of ARCHIVED_DOMAINS) {
      const writer = writers.of(domain.name);
      await writer.prepareTables(domain.tables.map((table) => table.name));
      if (domain.derived) await writer.recountAfterLoad(domain.derived.recount(writer.dialect));
    }
    let section: { domain: ArchivedDomain; table: string; columns: string[] } | undefined;
    let objects = false;
    for await (const event of events) {
      if (event.kind === "section") {
        objects = event.start.section === OBJECTS_SECTION;
        section = objects ? undefined : checkSection(event.start, tables);
      } else if (event.kind === "rows") {
        if (objects) await images.check(event.lines.map((line) => JSON.parse(line) as ArchiveValue[]));
        else if (section) await writers.of(section.domain.name).insert(section.table, section.columns, event);
      } else if (event.kind === "end") {
        if (section) await writers.of(section.domain.name).endTable(section.table);
        tables[event.end.end] = event.end.rows;
        options.onProgress?.({ section: event.end.end, rows: event.end.rows });
      }
    }
    assertComplete(tables);
    await writers.of("kb").bumpKbTreeVersion();
    for (const writer of writers.all) await writer.finishLoading();
    for (const writer of writers.all) await writer.commit();
  } catch (error) {
    await Promise.allSettled(writers.all.map((writer) => writer.rollback()));
    throw error;
  } finally {
    await events.return(undefined);
    await Promise.allSettled(writers.all.map((writer) => writer.close()));
  }
  delete tables[OBJECTS_SECTION];
  return {
    header,
    tables,
    rows: Object.values(tables).reduce((sum, rows) => sum + rows, 0),
    images: images.result(),
    seconds: (performance.now() - startedAt) / 1000,
  };
}

async function refuseFilled(
  writerOf: (domain: DatabaseDomain) => TableWriter,
  force: boolean,
): Promise<void> {
  if (force) return;
  for (const domain of ARCHIVED_DOMAINS) {
    const filled = await writerOf(domain.name).nonEmptyTables(domain.tables.map((table) => table.name));
    if (filled.length > 0) {
      throw new RestoreRefusedError(
        `the ${domain.name} domain is not empty (${filled.join(", ")}): restore into an empty platform, ` +
          "or pass --force to replace its rows",
      );
    }
  }
}

/** The table a section fills: a known table of a known domain, at a schema version this m3 knows. */
function checkSection(
  start: { section: string; schemaVersion: string; columns: string[] },
  seen: Record<string, number>,
): { domain: ArchivedDomain; table: string; columns: string[] } {
  const { domain: domainName, table: tableName } = sectionParts(start.section);
  const domain = ARCHIVED_DOMAINS.find((candidate) => candidate.name === domainName);
  const table = domain?.tables.find((candidate) => candidate.name === tableName);
  if (!domain || !table) throw new ArchiveError(`the archive holds an unknown table ${start.section}`);
  if (start.section in seen) throw new ArchiveError(`the archive holds ${start.section} twice`);
  if (!migrationNames(domain).includes(start.schemaVersion)) {
    throw new ArchiveError(
      `${start.section} is at schema ${start.schemaVersion}, which this m3 does not know: restore it with a newer m3`,
    );
  }
  const unknown = start.columns.filter((column) => !table.columns.includes(column));
  if (unknown.length > 0 || new Set(start.columns).size !== start.columns.length) {
    throw new ArchiveError(`${start.section} has unknown or repeated columns (${unknown.join(", ")})`);
  }
  return { domain, table: table.name, columns: start.columns };
}

function assertComplete(tables: Record<string, number>): void {
  const missing = ARCHIVED_DOMAINS.flatMap((domain) =>
    domain.tables.map((table) => `${domain.name}.${table.name}`),
  ).filter((section) => !(section in tables));
  if (missing.length > 0) throw new ArchiveError(`the archive lacks ${missing.join(", ")}`);
}
