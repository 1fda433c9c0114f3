import type Database from "better-sqlite3";
import type { Connection } from "mysql2";
import type pg from "pg";
import type { EntityManager } from "typeorm";
import type { Dialect } from "../../../../services/kit/storage/domain-storage.js";
import { LOAD_DATA_FORMAT, loadDataValue } from "../../backup/load-data-text.js";
import { LocalDataUpload } from "../../backup/mysql-connection.js";
import { LOAD_DATA_PIECE_BYTES, LOCAL_INFILE_REFUSED } from "../../backup/mysql-table-writer.repository.js";
import { copyFromStdin } from "../../backup/postgres-copy.js";
import type { M3Row, M3Value } from "../legacy/legacy-values.js";

/** The driver's connection under a TypeORM transaction's query runner (the pg client, the mysql2 connection, the better-sqlite3 database). */
interface ConnectedRunner {
  connect(): Promise<unknown>;
}

/**
 * New rows written by the engine's bulk path, inside the caller's transaction: one
 * `LOAD DATA LOCAL INFILE` on MySQL/MariaDB, one `COPY … FROM STDIN` on PostgreSQL, both in the
 * text restore's writers send (load-data-text.ts), which the server parses far more cheaply
 * than multi-row INSERTs; on SQLite, one prepared single-row INSERT run per row (SQLite runs in
 * the process: no round trips to save, and TypeORM would keep every multi-row statement's
 * compiled program in its cache of 100). A MySQL server that refuses LOAD DATA LOCAL has none:
 * `write` then answers false and writes nothing, and the caller INSERTs.
 */
export class BulkRows {
  private localInfileRefused = false;
  /** SQLite's prepared INSERT per table and columns (a few dozen tables). */
  private readonly sqliteInserts = new Map<string, Database.Statement>();

  constructor(private readonly dialect: Dialect) {}

  async write(
    manager: EntityManager,
    table: string,
    columns: readonly string[],
    rows: readonly M3Row[],
  ): Promise<boolean> {
    if (rows.length === 0) return true;
    const runner = manager.queryRunner as unknown as ConnectedRunner | undefined;
    if (!runner) return false;
    const connection = await runner.connect();
    if (this.dialect === "sqlite") {
      this.insertEach(connection as Database.Database, table, columns, rows);
      return true;
    }
    if (this.dialect === "postgres") {
      await copyRows(connection as pg.ClientBase, table, columns, rows);
      return true;
    }
    if (this.dialect !== "mysql" || this.localInfileRefused) return false;
    const loaded = await loadRows(connection as Connection, table, columns, rows);
    if (!loaded) this.localInfileRefused = true;
    return loaded;
  }

  private insertEach(
    database: Database.Database,
    table: string,
    columns: readonly string[],
    rows: readonly M3Row[],
  ): void {
    const sql = `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`;
    let statement = this.sqliteInserts.get(sql);
    if (!statement) {
      statement = database.prepare(sql);
      this.sqliteInserts.set(sql, statement);
    }
    for (const row of rows) {
      statement.run(
        columns.map((column) => {
          const value = row[column] ?? null;
          return typeof value === "boolean" ? Number(value) : value;
        }),
      );
    }
  }
}

async function copyRows(
  client: pg.ClientBase,
  table: string,
  columns: readonly string[],
  rows: readonly M3Row[],
): Promise<void> {
  const text = bulkText(rows, columns, "t", "f");
  const sql = `COPY ${table} (${columns.join(", ")}) FROM STDIN`;
  const stored = await copyFromStdin(client, sql, text).catch((error: { message?: string }) => {
    throw new Error(`${table}: ${error.message ?? String(error)}`);
  });
  if (stored !== rows.length) throw new Error(`${table}: ${stored} of ${rows.length} rows stored by COPY`);
}

/** False when the server refuses LOAD DATA LOCAL (nothing was written). */
async function loadRows(
  connection: Connection,
  table: string,
  columns: readonly string[],
  rows: readonly M3Row[],
): Promise<boolean> {
  const sql = `LOAD DATA LOCAL INFILE 'rows' INTO TABLE ${table} ${LOAD_DATA_FORMAT} (${columns.join(", ")})`;
  const upload = new LocalDataUpload(connection, sql, LOAD_DATA_PIECE_BYTES);
  try {
    await upload.started;
  } catch (error) {
    if (LOCAL_INFILE_REFUSED.has((error as { errno?: number }).errno ?? 0)) return false;
    throw error;
  }
  await upload.write(bulkText(rows, columns, "1", "0"), rows.length);
  const result = await upload.end();
  // LOCAL makes the server skip a row it cannot store with a warning instead of failing.
  if (result.affectedRows !== rows.length || result.warningStatus > 0) {
    const warnings = await new Promise<{ Message: string }[]>((resolve) =>
      connection.query("SHOW WARNINGS LIMIT 3", (error, found) =>
        resolve(error ? [] : (found as { Message: string }[])),
      ),
    );
    const messages = warnings.map((warning) => warning.Message).join("; ");
    throw new Error(`${table}: ${result.affectedRows} of ${rows.length} rows stored: ${messages}`);
  }
  return true;
}

/** The rows as LOAD DATA / COPY text, one line each, booleans as the engine spells them. */
export function bulkText(
  rows: readonly M3Row[],
  columns: readonly string[],
  yes: string,
  no: string,
): Buffer {
  const field = (value: M3Value | undefined) =>
    typeof value === "boolean" ? (value ? yes : no) : loadDataValue(value ?? null);
  let text = "";
  for (const row of rows) {
    for (let index = 0; index < columns.length; index++) {
      if (index > 0) text += "\t";
      text += field(row[columns[index] as string]);
    }
    text += "\n";
  }
  return Buffer.from(text, "utf8");
}
