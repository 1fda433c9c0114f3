import type { Connection } from "mysql2";
import { readableBatches } from "../../../services/kit/storage/readable-batches.js";
import type { ArchivedTable } from "./backup-tables.js";
import { connect, end, type MysqlTarget, quote, run } from "./mysql-connection.js";
import { keyOrder, type SnapshotReader } from "./tables.repository.js";

/** Rows the driver buffers before it pauses the socket, and rows handed over at a time. */
const HIGH_WATER_MARK = 2048;
const MAX_BATCH = 1024;
const ER_NO_SUCH_TABLE = 1146;

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
