/** A FIFO lock: SQLite has one connection, so its transactions must not interleave. */
export class AsyncMutex {
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;

  /** 1 while some work holds the lock, else 0. */
  get held(): number {
    return this.pending > 0 ? 1 : 0;
  }

  /** Work waiting for the lock. */
  get waiting(): number {
    return Math.max(this.pending - 1, 0);
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const previous = this.tail;
    let release: () => void = () => {};
    this.tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.pending += 1;
    await previous;
    try {
      return await work();
    } finally {
      this.pending -= 1;
      release();
    }
  }
}
