import type Database from "better-sqlite3";
import { type EntityManager, QueryFailedError } from "typeorm";

type Row = Record<string, unknown>;

/** Statements kept per connection: the graph reads' IN lists come in a few hundred lengths at most. */
const KEPT_STATEMENTS = 64;

/** A prepared statement returning value arrays, with its column labels. */
interface KeptStatement {
  statement: Database.Statement;
  columns: string[];
}

const keptStatements = new WeakMap<Database.Database, Map<string, KeptStatement>>();

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
    const { statement, columns } = keptStatement(connection, sql);
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

function keptStatement(connection: Database.Database, sql: string): KeptStatement {
  let kept = keptStatements.get(connection);
  if (kept === undefined) {
    kept = new Map();
    keptStatements.set(connection, kept);
  }
  let statement = kept.get(sql);
  if (statement === undefined) {
    const prepared = connection.prepare(sql).raw(true);
    statement = { statement: prepared, columns: prepared.columns().map((column) => column.name) };
    if (kept.size >= KEPT_STATEMENTS) kept.delete(kept.keys().next().value as string);
  } else {
    kept.delete(sql);
  }
  kept.set(sql, statement);
  return statement;
}
