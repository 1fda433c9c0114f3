import type { Pool } from "mysql2";
import type { EntityManager } from "typeorm";
import { promisePoolOf } from "./promise-pool.js";

type Row = Record<string, unknown>;
/** What a hot read binds: text and numbers (timestamps as their SQL text). */
export type SqlValue = string | number | null;

/**
 * Runs one SELECT through the manager and returns its rows. A read outside a transaction on
 * MySQL (the manager of DomainStorage.read) goes straight to the connection pool as a prepared
 * statement: no query runner, no ORM, and the server parses the statement once per connection.
 * Inside a transaction, and on SQLite, it is `manager.query`. Hot reads use it; their SQL must
 * be a constant with `?` placeholders, so the prepared statements stay few.
 */
export async function selectRows<T extends Row = Row>(
  manager: EntityManager,
  sql: string,
  parameters: readonly SqlValue[],
): Promise<T[]> {
  const pool = manager.queryRunner === undefined ? mysqlPoolOf(manager) : undefined;
  if (pool === undefined) return manager.query(sql, [...parameters]);
  const [rows] = await promisePoolOf(pool).execute(sql, [...parameters]);
  return rows as T[];
}

function mysqlPoolOf(manager: EntityManager): Pool | undefined {
  const driver = manager.connection.driver as { options: { type: string }; pool?: Pool };
  return driver.options.type === "mysql" ? driver.pool : undefined;
}
