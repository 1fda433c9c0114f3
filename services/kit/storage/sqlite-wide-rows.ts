import type Database from "better-sqlite3";
import { type EntityManager, QueryFailedError } from "typeorm";
import { readStatementsOf } from "./kept-statements.js";

type Row = Record<string, unknown>;

/**
 * Runs one SELECT and returns its rows keyed by column label, as `manager.query` does. On
 * SQLite the statement runs on the driver's one connection (the one `manager.query` uses, so
 * inside a transaction too) and returns value arrays, keyed here: better-sqlite3 keys each
 * row property by property through V8's API, which for the annotation graph's 41 columns was
 * 1.2-2.0 ms of a 100-row read against 0.6-0.7 ms keyed here (the statement itself 0.1 ms).
 * Elsewhere (MySQL, or a manager without a driver) it is `manager.query`.
 */
export async function selectWideRows(
  manager: EntityManager,
  sql: string,
  parameters: unknown[],
): Promise<Row[]> {
  const connection = sqliteConnectionOf(manager);
  if (connection === undefined) return manager.query(sql, parameters);
  try {
    const statement = readStatementsOf(connection).prepare(sql).raw(true);
    const columns = statement.columns().map((column) => column.name);
    const values = statement.all(...parameters) as unknown[][];
    return values.map((row) => {
      const keyed: Row = {};
      for (let i = 0; i < columns.length; i++) keyed[columns[i] as string] = row[i];
      return keyed;
    });
  } catch (error) {
    throw new QueryFailedError(sql, parameters, error as Error);
  }
}

function sqliteConnectionOf(manager: EntityManager): Database.Database | undefined {
  const driver = manager.connection?.driver as
    | { options?: { type?: string }; databaseConnection?: Database.Database }
    | undefined;
  return driver?.options?.type === "better-sqlite3" ? driver.databaseConnection : undefined;
}
