import type { DatabaseTarget } from "../../../services/kit/storage/database-url.js";
import type { Dialect } from "../../../services/kit/storage/domain-storage.js";
import type { ArchivedTable } from "./backup-tables.js";

/**
 * One read-only snapshot of a database: every table read through it sees the same moment,
 * whatever is written meanwhile (a MySQL consistent-snapshot transaction, a PostgreSQL
 * REPEATABLE READ one, a SQLite read transaction on its own connection).
 */
export interface SnapshotReader {
  readonly dialect: Dialect;
  /** The names of the domain's applied migrations, oldest first; empty when it has none. */
  appliedMigrations(domain: string): Promise<string[]>;
  /** The table's columns in key order, a few hundred rows at a time, values as the driver reads them. */
  streamTable(table: ArchivedTable): AsyncGenerator<unknown[][]>;
  close(): Promise<void>;
}

/**
 * Rows read from an archive, each its JSON line as the archive holds it: an array of as many
 * strings, numbers and nulls as there are columns (the reader checked every line).
 */
export interface RowBatch {
  lines: readonly string[];
}

/**
 * One all-or-nothing load into a database: the tables it prepares get the loaded rows in place
 * of theirs at commit, and keep theirs on rollback.
 */
export interface TableWriter {
  readonly dialect: Dialect;
  begin(): Promise<void>;
  /** The tables (of those given) that hold at least one row. */
  nonEmptyTables(tables: readonly string[]): Promise<string[]>;
  /**
   * Readies the tables (parents first) for loading; their present rows are replaced at commit.
   * Their triggers are set aside while they load and are back once it is done.
   */
  prepareTables(tables: readonly string[]): Promise<void>;
  /** Statements that recount tables derived from the loaded ones, run once the rows and triggers are in. */
  recountAfterLoad(statements: readonly string[]): Promise<void>;
  insert(table: string, columns: readonly string[], batch: RowBatch): Promise<void>;
  /** The table's rows are all in: the indexes its load deferred may be built (MySQL: meanwhile). */
  endTable(table: string): Promise<void>;
  /** Tells the kb's phylogeny caches that the tree changed (the kb's tree migration made the row). */
  bumpKbTreeVersion(): Promise<void>;
  /**
   * After the last row: finishes building the indexes the load deferred, and throws when the rows break one
   * (a unique key) or (SQLite) refer to a missing parent.
   */
  finishLoading(): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  close(): Promise<void>;
}

/** Identifies a database, so domains sharing one share its connection (and SQLite its write lock). */
export function targetKey(target: DatabaseTarget): string {
  return target.kind === "sqlite"
    ? `sqlite:${target.file}`
    : `${target.kind}://${target.user}@${target.host}:${target.port}/${target.database}`;
}

export function keyOrder(table: ArchivedTable, quote: (name: string) => string): string {
  return table.key.map(quote).join(", ");
}
