import mysql, { type Pool } from "mysql2/promise";
import type { DatabaseTarget } from "../../../services/kit/storage/database-url.js";
import type { Dialect } from "../../../services/kit/storage/domain-storage.js";
import type { SqlRow } from "./datagen-tables.js";
import { PostgresDatagenRepository } from "./postgres-datagen.repository.js";

/** Rows per INSERT: a few MB per statement, well under MariaDB's and MySQL's default packet limits. */
export const ROWS_PER_STATEMENT = 2000;

/** The generator's writes on one database, whatever its engine. */
export interface DatagenRepository {
  readonly dialect: Dialect;
  /** The tables (of those given) that already hold rows. */
  nonEmptyTables(tables: readonly string[]): Promise<string[]>;
  /** Inserts every table's rows, in the order of `columns` (parents first), in one transaction. */
  insertAll<T extends string>(
    columns: Readonly<Record<T, readonly string[]>>,
    rows: Readonly<Record<T, readonly SqlRow[]>>,
  ): Promise<void>;
  /** Runs the statements one after the other, each committed on its own. */
  run(statements: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * A pool of `connections` connections on the target (each insertAll holds one for its
 * transaction): MySQL/MariaDB or PostgreSQL. SQLite is not a target: its one writer makes the
 * generator's parallel chunks pointless, and a restore fills it faster.
 */
export function openDatagenRepository(target: DatabaseTarget, connections: number): DatagenRepository {
  if (target.kind === "mysql") return MysqlDatagenRepository.open(target, connections);
  if (target.kind === "postgres") return new PostgresDatagenRepository(target, connections);
  throw new Error("the data generator writes to MySQL/MariaDB or PostgreSQL only");
}

/**
 * The generator's SQL on MySQL/MariaDB: multi-row INSERTs (values escaped by mysql2 on the
 * client, so no server round trip per row), a whole chunk per transaction.
 */
class MysqlDatagenRepository implements DatagenRepository {
  readonly dialect = "mysql";

  private constructor(private readonly pool: Pool) {}

  static open(target: Extract<DatabaseTarget, { kind: "mysql" }>, connections: number): DatagenRepository {
    return new MysqlDatagenRepository(
      mysql.createPool({
        host: target.host,
        port: target.port,
        user: target.user,
        password: target.password,
        database: target.database,
        connectionLimit: connections,
      }),
    );
  }

  async nonEmptyTables(tables: readonly string[]): Promise<string[]> {
    const filled: string[] = [];
    for (const table of tables) {
      const [rows] = await this.pool.query(`SELECT 1 FROM ${table} LIMIT 1`);
      if ((rows as unknown[]).length > 0) filled.push(table);
    }
    return filled;
  }

  async insertAll<T extends string>(
    columns: Readonly<Record<T, readonly string[]>>,
    rows: Readonly<Record<T, readonly SqlRow[]>>,
  ): Promise<void> {
    const connection = await this.pool.getConnection();
    try {
      await connection.beginTransaction();
      for (const table of Object.keys(columns) as T[]) {
        const tableRows = rows[table];
        for (let start = 0; start < tableRows.length; start += ROWS_PER_STATEMENT) {
          await connection.query(`INSERT INTO ${table} (${columns[table].join(", ")}) VALUES ?`, [
            tableRows.slice(start, start + ROWS_PER_STATEMENT),
          ]);
        }
      }
      await connection.commit();
    } catch (error) {
      await connection.rollback();
      throw error;
    } finally {
      connection.release();
    }
  }

  async run(statements: readonly string[]): Promise<void> {
    for (const sql of statements) await this.pool.query(sql);
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
