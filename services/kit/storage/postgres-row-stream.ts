import type pg from "pg";
import type { DomainStorage } from "./domain-storage.js";
import type { Pages } from "./postgres-pages.js";
import { translateStorageError } from "./storage-errors.js";
import { streamSlotsOf } from "./stream-slots.js";

/** A statement read on a connection of its own (a portal, a COPY): a pg Submittable with pages. */
export interface PostgresReader<T> {
  readonly pages: Pages<T>;
  /** Whether the statement still runs on the server. */
  readonly running: boolean;
  /** Whether the connection is idle again (the statement ended, however). */
  readonly ready: boolean;
  submit(connection: unknown): void;
}

/**
 * The pages of one reader, on a connection of its own from the storage's pool (an open portal
 * or COPY holds its connection until the end) taken in turn with the pool's other streams
 * (stream-slots.ts). Leaving early, by an abort or the consumer stopping, cancels the statement
 * on the server (pg_cancel_backend, through the connection the turns leave free) and drops the
 * connection; the iteration then throws the signal's reason. Server errors are translated as
 * every storage error is.
 */
export async function* postgresPages<T>(
  storage: DomainStorage,
  reader: PostgresReader<T>,
  signal: AbortSignal,
): AsyncGenerator<T> {
  try {
    signal.throwIfAborted();
    const pool = (storage.dataSource.driver as unknown as { master: pg.Pool }).master;
    const giveBack = await streamSlotsOf(pool, pool.options.max).take();
    try {
      signal.throwIfAborted();
      yield* readOnOwnConnection(pool, reader, signal);
    } finally {
      giveBack();
    }
  } finally {
    reader.pages.close();
  }
}

async function* readOnOwnConnection<T>(
  pool: pg.Pool,
  reader: PostgresReader<T>,
  signal: AbortSignal,
): AsyncGenerator<T> {
  const client = await pool.connect().catch((error: unknown) => {
    throw translateStorageError(error);
  });
  // A checked-out client has no listener of the pool's: a lost connection would otherwise throw
  // (kept on a connection dropped, which may still report its end).
  const onLost = (error: unknown) => reader.pages.fail(error);
  client.on("error", onLost);
  try {
    client.query(reader as unknown as pg.Submittable);
    for (let page = await reader.pages.next(); page !== undefined; page = await reader.pages.next()) {
      yield page;
    }
  } catch (error) {
    signal.throwIfAborted();
    throw translateStorageError(error);
  } finally {
    if (reader.ready) {
      client.off("error", onLost);
      client.release();
    } else {
      // The server would otherwise go on (sorting, copying) for a result nobody reads.
      if (reader.running) await cancelBackend(pool, (client as unknown as { processID: number }).processID);
      client.release(true);
    }
  }
}

function cancelBackend(pool: pg.Pool, processId: number): Promise<void> {
  // A statement that ended meanwhile leaves nothing to cancel; a failure to cancel is not the reader's.
  return pool.query("SELECT pg_cancel_backend(?)", [processId]).then(
    () => undefined,
    () => undefined,
  );
}
