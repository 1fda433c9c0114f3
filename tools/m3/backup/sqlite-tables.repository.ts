import Database from "better-sqlite3";
import { placeholders } from "../../../services/kit/sql/placeholders.js";
import type { ArchiveValue } from "./archive-format.js";
import type { ArchivedTable } from "./backup-tables.js";
import { keyOrder, type RowBatch, type SnapshotReader, type TableWriter } from "./tables.repository.js";

/** Rows handed over at a time. */
const MAX_BATCH = 1024;
const BUSY_TIMEOUT_MILLIS = 10_000;
/** Rows per INSERT statement: one call into SQLite per 32 rows instead of per row. */
const ROWS_PER_INSERT = 32;
/** The restore's page cache: a load of millions of rows rereads fewer pages (default 2 MB). */
const CACHE_KIB = 32 * 1024;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The backup's reads on a SQLite file: a connection of its own in one read transaction, so
 * (in WAL mode) every table is read as of the same moment while the platform keeps writing.
 */
export class SqliteSnapshotReader implements SnapshotReader {
  readonly dialect = "sqlite";

  private constructor(private readonly database: Database.Database) {}

  static open(file: string): SqliteSnapshotReader {
    const database = new Database(file, {
      readonly: true,
      fileMustExist: true,
      timeout: BUSY_TIMEOUT_MILLIS,
    });
    database.exec("BEGIN");
    // The read transaction (and with it the snapshot) starts at the first read.
    database.prepare("SELECT count(*) FROM sqlite_master").get();
    return new SqliteSnapshotReader(database);
  }

  async appliedMigrations(domain: string): Promise<string[]> {
    const table = `${domain}_migrations`;
    const exists = this.database
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
      .get(table);
    if (!exists) return [];
    const rows = this.database.prepare(`SELECT name FROM ${quote(table)} ORDER BY id`).all() as {
      name: string;
    }[];
    return rows.map((row) => row.name);
  }

  async *streamTable(table: ArchivedTable): AsyncGenerator<unknown[][]> {
    const sql =
      `SELECT ${table.columns.map(quote).join(", ")} FROM ${quote(table.name)} ` +
      `ORDER BY ${keyOrder(table, quote)}`;
    // Integers as BigInts, so none beyond 2^53 is rounded on the way out.
    const cursor = this.database.prepare(sql).raw(true).safeIntegers(true).iterate() as IterableIterator<
      unknown[]
    >;
    let batch: unknown[][] = [];
    for (const row of cursor) {
      batch.push(row);
      if (batch.length === MAX_BATCH) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }

  async close(): Promise<void> {
    if (this.database.inTransaction) this.database.exec("COMMIT");
    this.database.close();
  }
}

/**
 * The restore's writes on a SQLite file: one immediate transaction, one prepared INSERT per
 * table. SQLite's DDL is transactional, so the tables' secondary indexes and triggers are
 * dropped inside that transaction and made again once the rows are in (the indexes by
 * sorting; the derived tables the triggers keep are recounted): still all or nothing.
 * The sorts run on this thread: SQLite's helper threads (PRAGMA threads) cost more CPU and
 * ~40 MB more memory than they saved, once the archive is read on a thread of its own.
 */
export class SqliteTableWriter implements TableWriter {
  readonly dialect = "sqlite";
  private readonly inserts = new Map<string, Database.Statement>();
  /** The CREATE INDEX statements of each prepared table's secondary indexes, until they are built. */
  private readonly deferredIndexes = new Map<string, string[]>();
  /** The CREATE TRIGGER statements of the prepared tables, made again after the load. */
  private readonly deferredTriggers: string[] = [];
  private readonly recounts: string[] = [];

  private constructor(
    private readonly database: Database.Database,
    private readonly leftWal: boolean,
  ) {}

  static open(file: string): SqliteTableWriter {
    const database = new Database(file, { fileMustExist: true, timeout: BUSY_TIMEOUT_MILLIS });
    // Checked once before the commit (finishLoading) instead of row by row.
    database.pragma("foreign_keys = OFF");
    database.pragma(`cache_size = -${CACHE_KIB}`);
    return new SqliteTableWriter(database, leaveWal(database));
  }

  async begin(): Promise<void> {
    this.database.exec("BEGIN IMMEDIATE");
  }

  async nonEmptyTables(tables: readonly string[]): Promise<string[]> {
    return tables.filter((table) => this.database.prepare(`SELECT 1 FROM ${quote(table)} LIMIT 1`).get());
  }

  async prepareTables(tables: readonly string[]): Promise<void> {
    // Without their triggers, the rows are deleted and loaded without a lookup per row (the
    // indexes those lookups would use are dropped below).
    const triggers = this.database.prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ? AND sql IS NOT NULL",
    );
    for (const table of tables) {
      for (const trigger of triggers.all(table) as { name: string; sql: string }[]) {
        this.database.exec(`DROP TRIGGER ${quote(trigger.name)}`);
        this.deferredTriggers.push(trigger.sql);
      }
    }
    for (const table of [...tables].reverse()) this.database.prepare(`DELETE FROM ${quote(table)}`).run();
    const indexes = this.database.prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL",
    );
    for (const table of tables) {
      const deferred = indexes.all(table) as { name: string; sql: string }[];
      for (const index of deferred) this.database.exec(`DROP INDEX ${quote(index.name)}`);
      this.deferredIndexes.set(
        table,
        deferred.map((index) => index.sql),
      );
    }
  }

  async insert(table: string, columns: readonly string[], { lines }: RowBatch): Promise<void> {
    for (const values of JSON.parse(valuesByStatement(lines)) as ArchiveValue[][])
      this.insertStatement(table, columns, values.length / columns.length).run(values);
  }

  /** A prepared INSERT of `rows` rows, made once per table, columns and size. */
  private insertStatement(table: string, columns: readonly string[], rows: number): Database.Statement {
    const key = `${rows} ${table}(${columns.join(",")})`;
    let statement = this.inserts.get(key);
    if (!statement) {
      const tuple = `(${placeholders(columns.length)})`;
      statement = this.database.prepare(
        `INSERT INTO ${quote(table)} (${columns.map(quote).join(", ")}) VALUES ${Array(rows).fill(tuple).join(", ")}`,
      );
      this.inserts.set(key, statement);
    }
    return statement;
  }

  async bumpKbTreeVersion(): Promise<void> {
    this.database.prepare("UPDATE kb_tree_version SET version = version + 1 WHERE id = 1").run();
  }

  async endTable(table: string): Promise<void> {
    for (const sql of this.deferredIndexes.get(table) ?? []) this.database.exec(sql);
    this.deferredIndexes.delete(table);
  }

  async recountAfterLoad(statements: readonly string[]): Promise<void> {
    this.recounts.push(...statements);
  }

  async finishLoading(): Promise<void> {
    for (const table of [...this.deferredIndexes.keys()]) await this.endTable(table);
    const orphans = this.database.pragma("foreign_key_check") as { table: string; parent: string }[];
    if (orphans.length > 0) {
      const pairs = [...new Set(orphans.map(({ table, parent }) => `${table} -> ${parent}`))];
      throw new Error(`${orphans.length} restored rows refer to missing rows (${pairs.join(", ")})`);
    }
    for (const sql of this.deferredTriggers.splice(0)) this.database.exec(sql);
    for (const sql of this.recounts.splice(0)) this.database.exec(sql);
  }

  async commit(): Promise<void> {
    this.database.exec("COMMIT");
  }

  async rollback(): Promise<void> {
    if (this.database.inTransaction) this.database.exec("ROLLBACK");
  }

  async close(): Promise<void> {
    if (this.leftWal) this.database.pragma("journal_mode = WAL");
    this.database.close();
  }
}

/**
 * The values of each INSERT of a batch's rows, as the text of one JSON array of flat arrays
 * (ROWS_PER_INSERT rows each, fewer in the last): the batch is then parsed in one call, with no
 * array made per row. Each line is a checked JSON array, so its text inside the brackets is a
 * list of values.
 */
function valuesByStatement(lines: readonly string[]): string {
  const statements: string[] = [];
  for (let start = 0; start < lines.length; start += ROWS_PER_INSERT) {
    const end = Math.min(start + ROWS_PER_INSERT, lines.length);
    let values = (lines[start] as string).slice(1, -1);
    for (let index = start + 1; index < end; index++) values += `,${(lines[index] as string).slice(1, -1)}`;
    statements.push(`[${values}]`);
  }
  return `[${statements.join(",")}]`;
}

/**
 * Out of WAL mode for the load, when no one else has the file open (the platform stopped, as a
 * restore asks): a transaction that writes a whole database then writes its pages once (pages
 * past the file's old end need no journal), instead of into the WAL and again at the
 * checkpoint. Returns whether the mode changed, so close() can switch back to WAL. A restore
 * killed meanwhile leaves a rollback journal that the next open plays back, as in any mode.
 */
function leaveWal(database: Database.Database): boolean {
  if (database.pragma("journal_mode", { simple: true }) !== "wal") return false;
  try {
    return database.pragma("journal_mode = TRUNCATE", { simple: true }) === "truncate";
  } catch {
    // Busy: another connection holds the file; the load stays in WAL mode.
    return false;
  }
}
