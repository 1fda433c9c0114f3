import pg from "pg";
import type { DatabaseTarget } from "../../../services/kit/storage/database-url.js";
import { postgresClientConfig } from "../../../services/kit/storage/postgres-client-config.js";
import type { DatagenRepository } from "./datagen.repository.js";
import type { SqlRow, SqlValue } from "./datagen-tables.js";

/** Rows per INSERT: a few MB of text per statement, as on MySQL. */
const ROWS_PER_STATEMENT = 2000;

/**
 * The generator's SQL on PostgreSQL: multi-row INSERTs whose values are literals escaped on the
 * client (pg's escapeLiteral), as mysql2 does on MySQL: no bound markers, so no limit of 65,535
 * per statement, and PostgreSQL types each literal by its column. A whole chunk per transaction.
 */
export class PostgresDatagenRepository implements DatagenRepository {
  readonly dialect = "postgres";
  private readonly pool: pg.Pool;

  constructor(target: Extract<DatabaseTarget, { kind: "postgres" }>, connections: number) {
    // The generator's timestamps are UTC, as m3 stores them (m3's session).
    this.pool = new pg.Pool({ ...postgresClientConfig(target), max: connections });
  }

  async nonEmptyTables(tables: readonly string[]): Promise<string[]> {
    const filled: string[] = [];
    for (const table of tables) {
      const { rows } = await this.pool.query(`SELECT 1 FROM ${table} LIMIT 1`);
      if (rows.length > 0) filled.push(table);
    }
    return filled;
  }

  async insertAll<T extends string>(
    columns: Readonly<Record<T, readonly string[]>>,
    rows: Readonly<Record<T, readonly SqlRow[]>>,
  ): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      for (const table of Object.keys(columns) as T[]) {
        const tableRows = rows[table];
        for (let start = 0; start < tableRows.length; start += ROWS_PER_STATEMENT) {
          const tuples = tableRows
            .slice(start, start + ROWS_PER_STATEMENT)
            .map((row) => `(${row.map((value) => literal(client, value)).join(", ")})`);
          await client.query(
            `INSERT INTO ${table} (${columns[table].join(", ")}) VALUES ${tuples.join(", ")}`,
          );
        }
      }
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK");
      throw error;
    } finally {
      client.release();
    }
  }

  async run(statements: readonly string[]): Promise<void> {
    for (const sql of statements) await this.pool.query(sql);
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

function literal(client: pg.PoolClient, value: SqlValue): string {
  if (value === null) return "NULL";
  return typeof value === "number" ? String(value) : client.escapeLiteral(value);
}
