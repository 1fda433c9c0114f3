import { addAbortSignal } from "node:stream";
import Database from "better-sqlite3";
import type { Pool, PoolConnection } from "mysql2";
import type { DomainStorage } from "./domain-storage.js";
import { translateStorageError } from "./storage-errors.js";

/** One result row, keyed by column label, as the driver returns it (MySQL DATETIMEs as strings). */
export type StreamedRow = Record<string, unknown>;

/** Rows the MySQL driver buffers before it pauses the socket: enough to keep the wire busy. */
const MYSQL_HIGH_WATER_MARK = 512;

/**
 * Streams the rows of one read-only statement so memory stays flat whatever the result
 * size. The consumer pulls: MySQL pauses its socket while rows wait, SQLite steps its
 * cursor one row at a time. An abort (or the consumer stopping early) kills the query
 * on the server; the iteration then throws the signal's reason.
 */
export function streamRows(
  storage: DomainStorage,
  sql: string,
  params: unknown[],
  signal: AbortSignal,
): AsyncIterable<StreamedRow> {
  return storage.dialect === "mysql"
    ? streamMysqlRows(storage, sql, params, signal)
    : streamSqliteRows(storage, sql, params, signal);
}

async function* streamMysqlRows(
  storage: DomainStorage,
  sql: string,
  params: unknown[],
  signal: AbortSignal,
): AsyncGenerator<StreamedRow> {
  signal.throwIfAborted();
  const pool = (storage.dataSource.driver as unknown as { pool: Pool }).pool;
  const connection = await poolConnection(pool);
  let completed = false;
  try {
    const rows = addAbortSignal(
      signal,
      connection.query(sql, params).stream({ highWaterMark: MYSQL_HIGH_WATER_MARK }),
    );
    for await (const row of rows) yield row as StreamedRow;
    completed = true;
  } catch (error) {
    signal.throwIfAborted();
    throw translateStorageError(error);
  } finally {
    if (completed) {
      connection.release();
    } else {
      // The server would otherwise finish (or keep sorting) a result nobody reads.
      await killQuery(pool, connection.threadId);
      connection.destroy();
    }
  }
}

function poolConnection(pool: Pool): Promise<PoolConnection> {
  return new Promise((resolve, reject) => {
    pool.getConnection((error, connection) =>
      error ? reject(translateStorageError(error)) : resolve(connection),
    );
  });
}

function killQuery(pool: Pool, threadId: number | null): Promise<void> {
  if (threadId === null) return Promise.resolve();
  // A query that ended in the meantime makes KILL fail ("unknown thread"): nothing left to stop.
  return new Promise((resolve) => pool.query("KILL QUERY ?", [threadId], () => resolve()));
}

async function* streamSqliteRows(
  storage: DomainStorage,
  sql: string,
  params: unknown[],
  signal: AbortSignal,
): AsyncGenerator<StreamedRow> {
  signal.throwIfAborted();
  const file = String(storage.dataSource.options.database ?? ":memory:");
  if (file === ":memory:") {
    // A private connection would see another, empty database; an in-memory one is small anyway.
    const rows = await storage.read((manager) => manager.query(sql, params) as Promise<StreamedRow[]>);
    for (const row of rows) {
      signal.throwIfAborted();
      yield row;
    }
    return;
  }
  // Its own connection: an open cursor would make the shared one refuse every other statement.
  const database = new Database(file, { readonly: true, fileMustExist: true, timeout: 10_000 });
  try {
    const cursor = database.prepare(sql).iterate(...params) as IterableIterator<StreamedRow>;
    for (const row of cursor) {
      signal.throwIfAborted();
      yield row;
    }
  } catch (error) {
    signal.throwIfAborted();
    throw translateStorageError(error);
  } finally {
    database.close();
  }
}
