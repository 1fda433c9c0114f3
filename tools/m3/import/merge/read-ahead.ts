/**
 * The batches of `source`, each asked for as soon as the one before is handed over: the next
 * batch is read from the source while the caller writes the current one (one batch ahead, so
 * memory holds at most two).
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let next = iterator.next();
  try {
    for (;;) {
      const current = await next;
      if (current.done) return;
      next = iterator.next();
      // A read that fails while the caller still works on the current batch is reported at its turn.
      next.catch(() => undefined);
      yield current.value;
    }
  } finally {
    await iterator.return?.();
  }
}
