import mysql, { type Connection } from "mysql2";
import type { DatabaseTarget } from "../../services/kit/storage/database-url.js";
import { readableBatches } from "../../services/kit/storage/readable-batches.js";
import type { ArchiveValue } from "./archive-format.js";
import type { ArchivedTable } from "./backup-tables.js";
import { keyOrder, ROWS_PER_INSERT, type SnapshotReader, type TableWriter } from "./tables.repository.js";

type MysqlTarget = Extract<DatabaseTarget, { kind: "mysql" }>;

/** Rows the driver buffers before it pauses the socket, and rows handed over at a time. */
const HIGH_WATER_MARK = 2048;
const MAX_BATCH = 1024;
const ER_NO_SUCH_TABLE = 1146;

function connect(target: MysqlTarget): Promise<Connection> {
  const connection = mysql.createConnection({
    host: target.host,
    port: target.port,
    user: target.user,
    password: target.password,
    database: target.database,
    charset: "utf8mb4_bin",
    timezone: "Z",
    // DATETIME(6) as text keeps the microseconds; BIGINTs beyond 2^53 come as decimal strings.
    dateStrings: true,
    supportBigNumbers: true,
  });
  return new Promise((resolve, reject) =>
    connection.connect((error) => (error ? reject(error) : resolve(connection))),
  );
}

function run(connection: Connection, sql: string, values: unknown[] = []): Promise<unknown[]> {
  return new Promise((resolve, reject) =>
    connection.query(sql, values, (error, rows) => (error ? reject(error) : resolve(rows as unknown[]))),
  );
}

function end(connection: Connection): Promise<void> {
  return new Promise((resolve) => connection.end(() => resolve()));
}

const quote = (name: string) => mysql.escapeId(name);

/** The backup's reads on MySQL/MariaDB: one connection in a consistent-snapshot, read-only transaction. */
export class MysqlSnapshotReader implements SnapshotReader {
  readonly dialect = "mysql";

  private constructor(private readonly connection: Connection) {}

  static async open(target: MysqlTarget): Promise<MysqlSnapshotReader> {
    const connection = await connect(target);
    try {
      await run(connection, "SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ");
      await run(connection, "START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY");
    } catch (error) {
      connection.destroy();
      throw error;
    }
    return new MysqlSnapshotReader(connection);
  }

  async appliedMigrations(domain: string): Promise<string[]> {
    try {
      const rows = (await run(
        this.connection,
        `SELECT name FROM ${quote(`${domain}_migrations`)} ORDER BY id`,
      )) as {
        name: string;
      }[];
      return rows.map((row) => row.name);
    } catch (error) {
      if ((error as { errno?: number }).errno === ER_NO_SUCH_TABLE) return [];
      throw error;
    }
  }

  async *streamTable(table: ArchivedTable): AsyncGenerator<unknown[][]> {
    const sql =
      `SELECT ${table.columns.map(quote).join(", ")} FROM ${quote(table.name)} ` +
      `ORDER BY ${keyOrder(table, quote)}`;
    const rows = this.connection.query({ sql, rowsAsArray: true }).stream({ highWaterMark: HIGH_WATER_MARK });
    yield* readableBatches<unknown[]>(rows, MAX_BATCH);
  }

  async close(): Promise<void> {
    await run(this.connection, "COMMIT").catch(() => undefined);
    await end(this.connection);
  }
}

/** The restore's writes on MySQL/MariaDB: one transaction, multi-row INSERTs escaped by the client. */
export class MysqlTableWriter implements TableWriter {
  readonly dialect = "mysql";
  private pending: Promise<unknown> = Promise.resolve();

  private constructor(private readonly connection: Connection) {}

  static async open(target: MysqlTarget): Promise<MysqlTableWriter> {
    return new MysqlTableWriter(await connect(target));
  }

  async begin(): Promise<void> {
    // The archive's rows come from a consistent snapshot and are checked by SHA-256, so the
    // per-row checks would only slow the load; they cover this session's statements only.
    await run(this.connection, "SET SESSION foreign_key_checks = 0, unique_checks = 0");
    await run(this.connection, "START TRANSACTION");
  }

  async nonEmptyTables(tables: readonly string[]): Promise<string[]> {
    const filled: string[] = [];
    for (const table of tables) {
      if ((await run(this.connection, `SELECT 1 FROM ${quote(table)} LIMIT 1`)).length > 0)
        filled.push(table);
    }
    return filled;
  }

  async deleteAll(tables: readonly string[]): Promise<void> {
    for (const table of tables) await run(this.connection, `DELETE FROM ${quote(table)}`);
  }

  /**
   * Sends the rows and returns once the previous INSERT is done, so the next batch is read
   * and parsed while the server stores this one. commit() waits for the last.
   */
  async insert(table: string, columns: readonly string[], rows: readonly ArchiveValue[][]): Promise<void> {
    const sql = `INSERT INTO ${quote(table)} (${columns.map(quote).join(", ")}) VALUES ?`;
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      await this.pending;
      const sent = run(this.connection, sql, [rows.slice(start, start + ROWS_PER_INSERT)]);
      // A failure surfaces at the next insert or at commit; until then it must not go unhandled.
      sent.catch(() => undefined);
      this.pending = sent;
    }
  }

  async bumpKbTreeVersion(): Promise<void> {
    await this.pending;
    await run(this.connection, "UPDATE kb_tree_version SET version = version + 1 WHERE id = 1");
  }

  async checkForeignKeys(): Promise<void> {
    await this.pending;
  }

  async commit(): Promise<void> {
    await this.pending;
    await run(this.connection, "COMMIT");
  }

  async rollback(): Promise<void> {
    await this.pending.catch(() => undefined);
    await run(this.connection, "ROLLBACK");
  }

  async close(): Promise<void> {
    await end(this.connection);
  }
}
