import { annotationMigrations } from "../../../services/annotation/annotation-domain.js";
import { ANNOTATION_TABLES } from "../../../services/annotation/annotation-tables.js";
import { boxIndexRebuild } from "../../../services/annotation/boxes/repositories/box-index.sql.js";
import { histogramCountsRebuild } from "../../../services/annotation/query/repositories/histogram-counts.sql.js";
import { kbSchema } from "../../../services/kb/kb.module.js";
import { KB_TABLES } from "../../../services/kb/kb-tables.js";
import type { Dialect } from "../../../services/kit/storage/domain-storage.js";
import {
  columnNames,
  dataTables,
  type TableCatalogue,
} from "../../../services/kit/storage/table-catalogue.js";
import { registryMigrations } from "../../../services/registry/registry-domain.js";
import { REGISTRY_TABLES } from "../../../services/registry/registry-tables.js";

/** A table the archive carries: its columns in archive order and the key it is read in. */
export interface ArchivedTable {
  name: string;
  /** Every stored column but the generated ones (MySQL's hash columns), which the target computes. */
  columns: readonly string[];
  /** The primary key: rows are read in its order, so two backups of the same rows are identical. */
  key: readonly string[];
}

/**
 * Tables a domain computes from its others, which the archive leaves out: a restore loads the
 * others without the triggers that keep these, then recounts them.
 */
export interface DerivedTables {
  names: readonly string[];
  /** The statements that recount them from the loaded rows. */
  recount(dialect: Dialect): string[];
}

/** A domain with tables: its tables parents first, and its migrations (the schema versions it knows). */
export interface ArchivedDomain {
  name: DatabaseDomain;
  tables: readonly ArchivedTable[];
  derived?: DerivedTables;
  /** The domain's migration classes (any engine's: every list carries the same names). */
  migrations: readonly unknown[];
}

export type DatabaseDomain = "kb" | "registry" | "annotation";

/** A domain's tables of rows as the archive carries them, in catalogue order (parents first). */
function archivedTables(catalogue: TableCatalogue): ArchivedTable[] {
  return dataTables(catalogue).map(([name, shape]) => ({
    name,
    columns: columnNames(shape),
    key: shape.key,
  }));
}

/** A domain's tables of counts, which a restore recounts once the rows are in. */
function countTables(catalogue: TableCatalogue): string[] {
  return Object.keys(catalogue).filter((name) => catalogue[name]?.role === "counts");
}

/**
 * Every table of every domain with a database, in the order a restore fills them, as each
 * domain's catalogue declares them. Fixed here, never taken from an archive. Tables of counts
 * and versions are left out: a restore recounts the counts, and bumps kb_tree_version (a
 * cache counter) instead.
 */
export const ARCHIVED_DOMAINS: readonly ArchivedDomain[] = [
  { name: "kb", migrations: kbSchema.migrations.sqlite as unknown[], tables: archivedTables(KB_TABLES) },
  { name: "registry", migrations: registryMigrations.sqlite, tables: archivedTables(REGISTRY_TABLES) },
  {
    name: "annotation",
    migrations: annotationMigrations.sqlite,
    derived: { names: countTables(ANNOTATION_TABLES), recount: recountAnnotation },
    tables: archivedTables(ANNOTATION_TABLES),
  },
];

/** The annotation tables a restore recounts: the histogram counts and the box index. */
function recountAnnotation(dialect: Dialect): string[] {
  return [...histogramCountsRebuild(dialect), ...boxIndexRebuild(dialect)];
}

/** The names of a domain's migrations, oldest first (the same names on every engine). */
export function migrationNames(domain: ArchivedDomain): string[] {
  return domain.migrations.map((migration) => {
    const name = new (migration as new () => { name?: string })().name;
    if (!name) throw new Error(`a ${domain.name} migration has no name`);
    return name;
  });
}

/** The schema version this m3 writes and migrates a domain to: the name of its last migration. */
export function latestSchemaVersion(domain: ArchivedDomain): string {
  return migrationNames(domain).at(-1) as string;
}

export function archivedDomain(name: string): ArchivedDomain | undefined {
  return ARCHIVED_DOMAINS.find((domain) => domain.name === name);
}
