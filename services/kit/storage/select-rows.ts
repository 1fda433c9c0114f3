import type Database from "better-sqlite3";
import type { Pool } from "mysql2";
import type { Pool as PostgresPool } from "pg";
import type { EntityManager } from "typeorm";
import { readStatementsOf } from "./kept-statements.js";
import { promisePoolOf } from "./promise-pool.js";

type Row = Record<string, unknown>;
/** What a hot read binds: text and numbers (timestamps as their SQL text). */
export type SqlValue = string | number | null;

/**
 * Runs one SELECT through the manager and returns its rows. A read outside a transaction (the
 * manager of DomainStorage.read) goes straight to the driver as a prepared statement: on MySQL
 * the connection pool (no query runner, no ORM, the server parses the statement once per
 * connection), on SQLite the connection itself (its statement kept, run at once). Inside a
 * transaction it is `manager.query`. On PostgreSQL it is pg's pool (its connections number the
 * `?` markers: postgres-driver.ts). Hot reads use it; their SQL must be a constant with `?`
 * placeholders, so the prepared statements stay few.
 */
export async function selectRows<T extends Row = Row>(
  manager: EntityManager,
  sql: string,
  parameters: readonly SqlValue[],
): Promise<T[]> {
  if (manager.queryRunner !== undefined) return manager.query(sql, [...parameters]);
  const driver = manager.connection.driver as {
    options: { type: string };
    pool?: Pool;
    master?: PostgresPool;
    databaseConnection?: Database.Database;
  };
  if (driver.options.type === "mysql" && driver.pool !== undefined) {
    const [rows] = await promisePoolOf(driver.pool).execute(sql, [...parameters]);
    return rows as T[];
  }
  if (driver.options.type === "postgres" && driver.master !== undefined) {
    const result = await driver.master.query(sql, [...parameters]);
    return result.rows as T[];
  }
  if (driver.options.type === "better-sqlite3" && driver.databaseConnection !== undefined) {
    return readStatementsOf(driver.databaseConnection)
      .prepare(sql)
      .raw(false)
      .all(...parameters) as T[];
  }
  return manager.query(sql, [...parameters]);
}
