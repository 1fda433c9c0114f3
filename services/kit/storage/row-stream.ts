import { addAbortSignal } from "node:stream";
import Database from "better-sqlite3";
import type { Pool, PoolConnection } from "mysql2";
import type { CellBatch } from "./cell-batch.js";
import type { DomainStorage } from "./domain-storage.js";
import { emitCellBatches } from "./mysql-cell-rows.js";
import { readableBatches } from "./readable-batches.js";
import { translateStorageError } from "./storage-errors.js";
import { streamSlotsOf } from "./stream-slots.js";

/** One result row, keyed by column label, as the driver returns it (MySQL DATETIMEs as strings). */
export type StreamedRow = Record<string, unknown>;

/** One result row as its values, in the order of the SELECT list. */
export type RowValues = unknown[];

/**
 * Another SQLite file a statement reads under a schema name (`ATTACH DATABASE file AS schema`).
 * It is attached to the statement's own read-only connection, so it is read-only as well.
 */
export interface SqliteAttachment {
  schema: string;
  file: string;
}

/** What a statement needs besides its text: the SQLite files it reads besides the domain's. */
export interface StreamOptions {
  sqliteAttachments?: readonly SqliteAttachment[];
}

const ATTACHED_SCHEMA = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** Rows the MySQL driver buffers before it pauses the socket: enough to keep the wire busy. */
const MYSQL_HIGH_WATER_MARK = 512;
/** Rows handed over at a time: a batch costs one await, whatever its size. */
const MAX_BATCH = 512;
/** CellBatches (about 64 KiB each) the MySQL driver buffers before it pauses the socket. */
const CELL_BATCHES_HIGH_WATER_MARK = 4;

/**
 * Streams the rows of one read-only statement so memory stays flat whatever the result
 * size. The consumer pulls: MySQL pauses its socket while rows wait, SQLite steps its
 * cursor as rows are taken. An abort (or the consumer stopping early) kills the query
 * on the server; the iteration then throws the signal's reason.
 */
export async function* streamRows(
  storage: DomainStorage,
  sql: string,
  params: unknown[],
  signal: AbortSignal,
): AsyncGenerator<StreamedRow> {
  for await (const batch of streamBatches<StreamedRow>(
    storage,
    { sql, params, rowsAsArray: false },
    signal,
  )) {
    for (const row of batch) {
      // Row by row, an abort stops at the next row (leaving the batch kills the statement).
      signal.throwIfAborted();
      yield row;
    }
  }
}

/**
 * As streamRows, but in batches of value arrays (SELECT-list order): for consumers that go
 * through millions of rows, where a per-row await and per-row key lookups are the cost.
 */
export function streamRowValueBatches(
  storage: DomainStorage,
  sql: string,
  params: unknown[],
  signal: AbortSignal,
  options: StreamOptions = {},
): AsyncGenerator<RowValues[]> {
  const attachments = options.sqliteAttachments ?? [];
  return streamBatches<RowValues>(storage, { sql, params, rowsAsArray: true, attachments }, signal);
}

/**
 * As streamRowValueBatches, on MySQL only, with the rows left as the text the server sent
 * (CellBatch): for consumers that print the values as text anyway.
 */
export async function* streamMysqlCellBatches(
  storage: DomainStorage,
  sql: string,
  params: unknown[],
  signal: AbortSignal,
): AsyncGenerator<CellBatch> {
  if (storage.dialect !== "mysql") throw new Error("cell batches are read from MySQL only");
  const statement = { sql, params, rowsAsArray: true, cells: true };
  for await (const batches of streamMysqlBatches<CellBatch>(storage, statement, signal)) {
    yield* batches;
  }
}

interface Statement {
  sql: string;
  params: unknown[];
  rowsAsArray: boolean;
  /** MySQL: the rows as CellBatches (see emitCellBatches). */
  cells?: boolean;
  attachments?: readonly SqliteAttachment[];
}

function streamBatches<R>(
  storage: DomainStorage,
  statement: Statement,
  signal: AbortSignal,
): AsyncGenerator<R[]> {
  if (storage.dialect === "postgres") {
    // No domain on PostgreSQL streams rows yet (the registry reads pages); annotation will need it.
    throw new Error("row streams read MySQL/MariaDB and SQLite only: none is written for PostgreSQL yet");
  }
  return storage.dialect === "mysql"
    ? streamMysqlBatches<R>(storage, statement, signal)
    : streamSqliteBatches<R>(storage, statement, signal);
}

async function* streamMysqlBatches<R>(
  storage: DomainStorage,
  statement: Statement,
  signal: AbortSignal,
): AsyncGenerator<R[]> {
  signal.throwIfAborted();
  const pool = (storage.dataSource.driver as unknown as { pool: Pool }).pool;
  const giveBack = await streamSlotsOf(pool).take();
  try {
    signal.throwIfAborted();
    yield* streamOnPooledConnection<R>(pool, statement, signal);
  } finally {
    giveBack();
  }
}

async function* streamOnPooledConnection<R>(
  pool: Pool,
  statement: Statement,
  signal: AbortSignal,
): AsyncGenerator<R[]> {
  const connection = await poolConnection(pool);
  let completed = false;
  try {
    const { sql, params, rowsAsArray } = statement;
    const query = connection.query({ sql, rowsAsArray }, params);
    if (statement.cells) emitCellBatches(query);
    const highWaterMark = statement.cells ? CELL_BATCHES_HIGH_WATER_MARK : MYSQL_HIGH_WATER_MARK;
    const rows = addAbortSignal(signal, query.stream({ highWaterMark }));
    yield* readableBatches<R>(rows, MAX_BATCH);
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

async function* streamSqliteBatches<R>(
  storage: DomainStorage,
  statement: Statement,
  signal: AbortSignal,
): AsyncGenerator<R[]> {
  signal.throwIfAborted();
  const { sql, params, rowsAsArray } = statement;
  const attachments = statement.attachments ?? [];
  const file = String(storage.dataSource.options.database ?? ":memory:");
  if (file === ":memory:") {
    if (attachments.length > 0) throw new Error("attached SQLite files need a file-backed database");
    // A private connection would see another, empty database; an in-memory one is small anyway.
    // Its driver connection, under the storage's lock (no write is half done meanwhile).
    const shared = (storage.dataSource.driver as unknown as { databaseConnection: Database.Database })
      .databaseConnection;
    const rows = await storage.read(
      async () =>
        shared
          .prepare(sql)
          .raw(rowsAsArray)
          .all(...params) as R[],
    );
    yield* batchesOf(rows, signal);
    return;
  }
  // Its own connection: an open cursor would make the shared one refuse every other statement.
  if (attachments.length > 0 || !storage.sqliteReaders) {
    const database = new Database(file, { readonly: true, fileMustExist: true, timeout: 10_000 });
    try {
      attachAll(database, attachments);
      yield* sqliteCursorBatches<R>(database.prepare(sql), statement, signal);
    } finally {
      database.close();
    }
    return;
  }
  const readers = storage.sqliteReaders;
  const reader = readers.take();
  try {
    yield* sqliteCursorBatches<R>(reader.prepare(sql), statement, signal);
  } finally {
    // However the stream ended, its cursor is closed (for-of returns it): the connection is free.
    readers.give(reader);
  }
}

async function* sqliteCursorBatches<R>(
  prepared: Database.Statement,
  statement: Statement,
  signal: AbortSignal,
): AsyncGenerator<R[]> {
  try {
    const cursor = prepared.raw(statement.rowsAsArray).iterate(...statement.params) as IterableIterator<R>;
    yield* batchesOf(cursor, signal);
  } catch (error) {
    signal.throwIfAborted();
    throw translateStorageError(error);
  }
}

/** Attached files open with the connection's flags: read-only, and never created when missing. */
function attachAll(database: Database.Database, attachments: readonly SqliteAttachment[]): void {
  for (const { schema, file } of attachments) {
    if (!ATTACHED_SCHEMA.test(schema)) throw new Error(`not a schema name: ${JSON.stringify(schema)}`);
    database.prepare(`ATTACH DATABASE ? AS ${schema}`).run(file);
  }
}

/** The rows in batches of MAX_BATCH, checking the signal between batches. */
async function* batchesOf<R>(rows: Iterable<R>, signal: AbortSignal): AsyncGenerator<R[]> {
  let batch: R[] = [];
  for (const row of rows) {
    batch.push(row);
    if (batch.length === MAX_BATCH) {
      signal.throwIfAborted();
      yield batch;
      batch = [];
    }
  }
  signal.throwIfAborted();
  if (batch.length > 0) yield batch;
}
