import Database from "better-sqlite3";
import type { ArchiveValue } from "./archive-format.js";
import type { ArchivedTable } from "./backup-tables.js";
import { keyOrder, type SnapshotReader, type TableWriter } from "./tables.repository.js";

/** Rows handed over at a time. */
const MAX_BATCH = 1024;
const BUSY_TIMEOUT_MILLIS = 10_000;

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

/** The restore's writes on a SQLite file: one immediate transaction, one prepared INSERT per table. */
export class SqliteTableWriter implements TableWriter {
  readonly dialect = "sqlite";
  private readonly inserts = new Map<string, Database.Statement>();

  private constructor(private readonly database: Database.Database) {}

  static open(file: string): SqliteTableWriter {
    const database = new Database(file, { fileMustExist: true, timeout: BUSY_TIMEOUT_MILLIS });
    // Checked once before the commit (checkForeignKeys) instead of row by row.
    database.pragma("foreign_keys = OFF");
    return new SqliteTableWriter(database);
  }

  async begin(): Promise<void> {
    this.database.exec("BEGIN IMMEDIATE");
  }

  async nonEmptyTables(tables: readonly string[]): Promise<string[]> {
    return tables.filter((table) => this.database.prepare(`SELECT 1 FROM ${quote(table)} LIMIT 1`).get());
  }

  async deleteAll(tables: readonly string[]): Promise<void> {
    for (const table of tables) this.database.prepare(`DELETE FROM ${quote(table)}`).run();
  }

  async insert(table: string, columns: readonly string[], rows: readonly ArchiveValue[][]): Promise<void> {
    const key = `${table}(${columns.join(",")})`;
    let statement = this.inserts.get(key);
    if (!statement) {
      statement = this.database.prepare(
        `INSERT INTO ${quote(table)} (${columns.map(quote).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
      );
      this.inserts.set(key, statement);
    }
    for (const row of rows) statement.run(row);
  }

  async bumpKbTreeVersion(): Promise<void> {
    this.database.prepare("UPDATE kb_tree_version SET version = version + 1 WHERE id = 1").run();
  }

  async checkForeignKeys(): Promise<void> {
    const orphans = this.database.pragma("foreign_key_check") as { table: string; parent: string }[];
    if (orphans.length === 0) return;
    const pairs = [...new Set(orphans.map(({ table, parent }) => `${table} -> ${parent}`))];
    throw new Error(`${orphans.length} restored rows refer to missing rows (${pairs.join(", ")})`);
  }

  async commit(): Promise<void> {
    this.database.exec("COMMIT");
  }

  async rollback(): Promise<void> {
    if (this.database.inTransaction) this.database.exec("ROLLBACK");
  }

  async close(): Promise<void> {
    this.database.close();
  }
}
