import type { Readable } from "node:stream";

/**
 * The objects of an object-mode stream, in arrays of what is buffered at each turn (at most
 * `maxBatch`): one await per batch instead of one per object, which is what made a row-by-row
 * `for await` cost microseconds per row. Back-pressure is kept: nothing is read from the
 * stream while the consumer holds a batch. Throws the stream's error; ends with the stream.
 */
export async function* readableBatches<T>(readable: Readable, maxBatch: number): AsyncGenerator<T[]> {
  let ended = false;
  let failure: { error: unknown } | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  const onEnd = () => {
    ended = true;
    notify();
  };
  const onError = (error: unknown) => {
    failure = { error };
    notify();
  };
  readable.on("readable", notify).on("end", onEnd).on("error", onError).on("close", notify);
  try {
    for (;;) {
      const batch: T[] = [];
      while (batch.length < maxBatch) {
        const item = readable.read() as T | null;
        if (item === null) break;
        batch.push(item);
      }
      if (batch.length > 0) {
        yield batch;
        continue;
      }
      if (failure) throw failure.error;
      // Destroyed with an error whose event has not been emitted yet.
      if (readable.errored) throw readable.errored;
      if (ended) return;
      // Destroyed without an error and before its end: a cut result must not pass as whole.
      if (readable.destroyed) throw new Error("The row stream closed before its end");
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    readable.off("readable", notify).off("end", onEnd).off("error", onError).off("close", notify);
    if (!ended) {
      // Left early or failed: the stream is dropped, and an error it still emits is not news.
      readable.on("error", ignore);
      readable.destroy();
    }
  }
}

function ignore(): void {}
