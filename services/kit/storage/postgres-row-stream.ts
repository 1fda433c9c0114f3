import type pg from "pg";
import type { DomainStorage } from "./domain-storage.js";
import { translateStorageError } from "./storage-errors.js";
import { streamSlotsOf } from "./stream-slots.js";

/** A promise as it settles, or rejected first when the stream is aborted or its connection lost. */
export type Settle = <V>(promise: Promise<V>) => Promise<V>;

/** A statement read on a connection of its own (a cursor, a COPY), a page at a time. */
export interface PostgresReader<T> {
  /** Whether the statement may still run on the server: leaving now needs a cancel. */
  readonly running: boolean;
  /** Whether the connection is idle again (the statement ended, however). */
  readonly ready: boolean;
  /** Starts the statement on the client; every wait for the server goes through `settle`. */
  read(client: pg.PoolClient, settle: Settle): AsyncGenerator<T>;
}

/**
 * The pages of one reader, on a connection of its own from the storage's pool (an open cursor
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
  signal.throwIfAborted();
  const pool = (storage.dataSource.driver as unknown as { master: pg.Pool }).master;
  const giveBack = await streamSlotsOf(pool, pool.options.max).take();
  try {
    signal.throwIfAborted();
    yield* readOnOwnConnection(pool, reader, signal);
  } finally {
    giveBack();
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
  let stop: (error: unknown) => void = () => {};
  const stopped = new Promise<never>((_, reject) => {
    stop = reject;
  });
  stopped.catch(() => {});
  const onAbort = () => stop(signal.reason);
  signal.addEventListener("abort", onAbort);
  // A checked-out client has no listener of the pool's: a lost connection would otherwise throw
  // (kept on a connection dropped, which may still report its end).
  const onLost = (error: unknown) => stop(error);
  client.on("error", onLost);
  const settle: Settle = (promise) => {
    promise.catch(() => {});
    return Promise.race([promise, stopped]);
  };
  try {
    yield* reader.read(client, settle);
  } catch (error) {
    signal.throwIfAborted();
    throw translateStorageError(error);
  } finally {
    signal.removeEventListener("abort", onAbort);
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
