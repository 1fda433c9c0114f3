/**
 * The controller's work queue, as client-go's: a key waits in the queue at most once however
 * often it is added; a key added while a worker holds it is processed again after that worker
 * is done (never by two workers at once); a failed key comes back after a per-key exponential
 * backoff, forgotten on its next success.
 */
export interface WorkQueueOptions {
  baseDelayMillis: number;
  maxDelayMillis: number;
}

export class WorkQueue {
  private readonly queue: string[] = [];
  private readonly queued = new Set<string>();
  private readonly processing = new Set<string>();
  private readonly dirty = new Set<string>();
  private readonly failures = new Map<string, number>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly waiting: ((key: string | undefined) => void)[] = [];
  private shutDown = false;

  constructor(private readonly options: WorkQueueOptions) {}

  add(key: string): void {
    if (this.shutDown) return;
    if (this.processing.has(key)) {
      this.dirty.add(key);
      return;
    }
    if (this.queued.has(key)) return;
    const waiter = this.waiting.shift();
    if (waiter) {
      this.processing.add(key);
      waiter(key);
      return;
    }
    this.queued.add(key);
    this.queue.push(key);
  }

  /** Adds the key after its backoff: base × 2^(failures so far), at most the maximum. */
  addRateLimited(key: string): void {
    const failures = this.failures.get(key) ?? 0;
    this.failures.set(key, failures + 1);
    this.addAfter(key, backoffMillis(failures, this.options));
  }

  addAfter(key: string, millis: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.add(key);
    }, millis);
    timer.unref();
    this.timers.add(timer);
  }

  /** The key succeeded: its next failure starts from the base delay again. */
  forget(key: string): void {
    this.failures.delete(key);
  }

  failuresOf(key: string): number {
    return this.failures.get(key) ?? 0;
  }

  /** The next key to process (waits for one); undefined once the queue is shut down. */
  get(): Promise<string | undefined> {
    if (this.shutDown) return Promise.resolve(undefined);
    const key = this.queue.shift();
    if (key !== undefined) {
      this.queued.delete(key);
      this.processing.add(key);
      return Promise.resolve(key);
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** The worker is done with the key; if it was added meanwhile, it is queued again. */
  done(key: string): void {
    this.processing.delete(key);
    if (this.dirty.delete(key)) this.add(key);
  }

  get length(): number {
    return this.queue.length;
  }

  shutdown(): void {
    this.shutDown = true;
    for (const timer of this.timers) clearTimeout(timer);
    for (const waiter of this.waiting.splice(0)) waiter(undefined);
  }
}

export function backoffMillis(failures: number, options: WorkQueueOptions): number {
  return Math.min(options.baseDelayMillis * 2 ** failures, options.maxDelayMillis);
}
