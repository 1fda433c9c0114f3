/**
 * The pages a PostgreSQL reader (a portal's fetches, a COPY's batches) has received and its
 * consumer not yet taken, filled from pg's message events and drained by one async consumer.
 * Taking a page tells the reader (`onTake`), which asks the server for more, or resumes the
 * socket, while few pages wait: back-pressure without a stream in between.
 */
export class Pages<T> {
  private readonly queue: T[] = [];
  private ended = false;
  private failure: { error: unknown } | undefined;
  private wake: (() => void) | undefined;
  private readonly notify = () => {
    const resolve = this.wake;
    this.wake = undefined;
    resolve?.();
  };

  constructor(
    private readonly signal: AbortSignal,
    private readonly onTake: () => void,
  ) {
    signal.addEventListener("abort", this.notify);
  }

  /** Pages waiting for the consumer. */
  get waiting(): number {
    return this.queue.length;
  }

  push(page: T): void {
    this.queue.push(page);
    this.notify();
  }

  /** The result is complete: the consumer ends after the pages still waiting. */
  end(): void {
    this.ended = true;
    this.notify();
  }

  /** The statement failed: the consumer gets the error after the pages still waiting. */
  fail(error: unknown): void {
    this.failure ??= { error };
    this.notify();
  }

  /** The next page, undefined at the end; throws the failure, or the signal's reason on abort. */
  async next(): Promise<T | undefined> {
    for (;;) {
      this.signal.throwIfAborted();
      if (this.queue.length > 0) {
        const page = this.queue.shift() as T;
        this.onTake();
        return page;
      }
      if (this.failure) throw this.failure.error;
      if (this.ended) return undefined;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  /** Stops listening to the signal (the stream is over). */
  close(): void {
    this.signal.removeEventListener("abort", this.notify);
  }
}
