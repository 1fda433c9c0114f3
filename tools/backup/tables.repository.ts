import type { DatabaseTarget } from "../../services/kit/storage/database-url.js";
import type { Dialect } from "../../services/kit/storage/domain-storage.js";
import type { ArchiveValue } from "./archive-format.js";
import type { ArchivedTable } from "./backup-tables.js";

/**
 * One read-only snapshot of a database: every table read through it sees the same moment,
 * whatever is written meanwhile (a MySQL consistent-snapshot transaction, a SQLite read
 * transaction on its own connection).
 */
export interface SnapshotReader {
  readonly dialect: Dialect;
  /** The names of the domain's applied migrations, oldest first; empty when it has none. */
  appliedMigrations(domain: string): Promise<string[]>;
  /** The table's columns in key order, a few hundred rows at a time, values as the driver reads them. */
  streamTable(table: ArchivedTable): AsyncGenerator<unknown[][]>;
  close(): Promise<void>;
}

/** One write transaction on a database (MySQL with foreign-key and unique checks off while it loads). */
export interface TableWriter {
  readonly dialect: Dialect;
  begin(): Promise<void>;
  /** The tables (of those given) that hold at least one row. */
  nonEmptyTables(tables: readonly string[]): Promise<string[]>;
  /** Deletes every row of the tables, in the order given (children first). */
  deleteAll(tables: readonly string[]): Promise<void>;
  insert(table: string, columns: readonly string[], rows: readonly ArchiveValue[][]): Promise<void>;
  /** Tells the kb's phylogeny caches that the tree changed (the kb's tree migration made the row). */
  bumpKbTreeVersion(): Promise<void>;
  /** Throws when a loaded row refers to a missing parent (SQLite; MySQL rows come from a consistent source). */
  checkForeignKeys(): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  close(): Promise<void>;
}

/** Rows per INSERT statement: well under both engines' placeholder and packet limits. */
export const ROWS_PER_INSERT = 1000;

/** Identifies a database, so domains sharing one share its connection (and SQLite its write lock). */
export function targetKey(target: DatabaseTarget): string {
  return target.kind === "sqlite"
    ? `sqlite:${target.file}`
    : `mysql://${target.user}@${target.host}:${target.port}/${target.database}`;
}

export function keyOrder(table: ArchivedTable, quote: (name: string) => string): string {
  return table.key.map(quote).join(", ");
}
