import { addAbortSignal } from "node:stream";
import type { Pool, PoolConnection } from "mysql2";
import type { DomainStorage } from "./domain-storage.js";
import { emitCellBatches } from "./mysql-cell-rows.js";
import { readableBatches } from "./readable-batches.js";
import type { Statement } from "./row-stream.js";
import { translateStorageError } from "./storage-errors.js";
import { streamSlotsOf } from "./stream-slots.js";

/** Rows the MySQL driver buffers before it pauses the socket: enough to keep the wire busy. */
const MYSQL_HIGH_WATER_MARK = 512;
/** CellBatches (about 64 KiB each) the MySQL driver buffers before it pauses the socket. */
const CELL_BATCHES_HIGH_WATER_MARK = 4;

/**
 * A statement's rows in batches of at most `maxBatch`, on a pooled connection of its own taken
 * in turn with the pool's other streams: the driver pauses the socket while rows wait. Leaving
 * early kills the query on the server and drops the connection.
 */
export async function* streamMysqlBatches<R>(
  storage: DomainStorage,
  statement: Statement,
  signal: AbortSignal,
  maxBatch: number,
): AsyncGenerator<R[]> {
  signal.throwIfAborted();
  const pool = (storage.dataSource.driver as unknown as { pool: Pool }).pool;
  const giveBack = await streamSlotsOf(pool, connectionLimitOf(pool)).take();
  try {
    signal.throwIfAborted();
    yield* streamOnPooledConnection<R>(pool, statement, signal, maxBatch);
  } finally {
    giveBack();
  }
}

async function* streamOnPooledConnection<R>(
  pool: Pool,
  statement: Statement,
  signal: AbortSignal,
  maxBatch: number,
): AsyncGenerator<R[]> {
  const connection = await poolConnection(pool);
  let completed = false;
  try {
    const { sql, params, rowsAsArray } = statement;
    const query = connection.query({ sql, rowsAsArray }, params);
    if (statement.cells) emitCellBatches(query);
    const highWaterMark = statement.cells ? CELL_BATCHES_HIGH_WATER_MARK : MYSQL_HIGH_WATER_MARK;
    const rows = addAbortSignal(signal, query.stream({ highWaterMark }));
    yield* readableBatches<R>(rows, maxBatch);
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

function connectionLimitOf(pool: Pool): number {
  const limit = (pool as unknown as { config?: { connectionLimit?: unknown } }).config?.connectionLimit;
  return typeof limit === "number" ? limit : 10;
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
