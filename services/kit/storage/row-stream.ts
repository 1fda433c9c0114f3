import Database from "better-sqlite3";
import type { CellBatch } from "./cell-batch.js";
import type { DomainStorage } from "./domain-storage.js";
import { streamMysqlBatches } from "./mysql-row-stream.js";
import { CopyCellsReader } from "./postgres-copy-cells.js";
import { PortalReader } from "./postgres-portal.js";
import { postgresPages } from "./postgres-row-stream.js";
import { translateStorageError } from "./storage-errors.js";

/** One result row, keyed by column label, as the driver returns it (timestamps as the server's text). */
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

/** Rows handed over at a time: a batch costs one await, whatever its size. */
const MAX_BATCH = 512;

/**
 * Streams the rows of one read-only statement so memory stays flat whatever the result
 * size. The consumer pulls: MySQL pauses its socket while rows wait, PostgreSQL fetches a
 * page of its portal at a time (postgres-portal.ts), SQLite steps its cursor as rows are
 * taken. An abort (or the consumer stopping early) kills the query on the server (KILL QUERY,
 * pg_cancel_backend); the iteration then throws the signal's reason.
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
 * As streamRowValueBatches, on MySQL and PostgreSQL, with the rows left as the text the server
 * sent (CellBatch): for consumers that print the values as text anyway. PostgreSQL sends them
 * through COPY (postgres-copy-cells.ts), its fastest way out of the server.
 */
export async function* streamCellBatches(
  storage: DomainStorage,
  sql: string,
  params: unknown[],
  signal: AbortSignal,
): AsyncGenerator<CellBatch> {
  if (storage.dialect === "postgres") {
    yield* postgresPages(storage, new CopyCellsReader(sql, params, signal), signal);
    return;
  }
  if (storage.dialect !== "mysql") throw new Error("cell batches are read from MySQL and PostgreSQL only");
  const statement = { sql, params, rowsAsArray: true, cells: true };
  for await (const batches of streamMysqlBatches<CellBatch>(storage, statement, signal, MAX_BATCH)) {
    yield* batches;
  }
}

export interface Statement {
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
    const { sql, params, rowsAsArray } = statement;
    return postgresPages(storage, new PortalReader<R>(sql, params, rowsAsArray, MAX_BATCH, signal), signal);
  }
  return storage.dialect === "mysql"
    ? streamMysqlBatches<R>(storage, statement, signal, MAX_BATCH)
    : streamSqliteBatches<R>(storage, statement, signal);
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
