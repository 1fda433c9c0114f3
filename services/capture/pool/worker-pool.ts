/** Why the pool turned work away. */
export type PoolRejection = "full" | "waited-too-long";

export class PoolRejectedError extends Error {
  constructor(readonly why: PoolRejection) {
    super(
      why === "full" ? "the worker pool and its queue are full" : "the work waited too long for a worker",
    );
    this.name = "PoolRejectedError";
  }
}

export interface WorkerPoolOptions {
  /** Tasks run at once. */
  workers: number;
  /** Tasks that may wait for a worker; one more is rejected at once. */
  queueSize: number;
  /** A queued task older than this is rejected when its turn comes; 0 = no limit. */
  maxWaitMillis: number;
}

interface Queued {
  run: () => void;
  reject: (error: Error) => void;
  queuedAt: number;
}

/**
 * A bounded pool for expensive work (ffmpeg runs): at most `workers` at once, at most
 * `queueSize` waiting, and work that waited longer than `maxWaitMillis` is refused rather
 * than started for a client that has likely given up.
 */
export class WorkerPool {
  private running = 0;
  private readonly queue: Queued[] = [];

  constructor(private readonly options: WorkerPoolOptions) {}

  get active(): number {
    return this.running;
  }

  get waiting(): number {
    return this.queue.length;
  }

  /** Tasks run at once. */
  get workers(): number {
    return this.options.workers;
  }

  /** Tasks that may wait. */
  get queueSize(): number {
    return this.options.queueSize;
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.options.workers) return this.start(task);
    if (this.queue.length >= this.options.queueSize) return Promise.reject(new PoolRejectedError("full"));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        run: () => {
          this.start(task).then(resolve, reject);
        },
        reject,
        queuedAt: performance.now(),
      });
    });
  }

  private start<T>(task: () => Promise<T>): Promise<T> {
    this.running += 1;
    return Promise.resolve()
      .then(task)
      .finally(() => {
        this.running -= 1;
        this.next();
      });
  }

  private next(): void {
    while (this.running < this.options.workers) {
      const queued = this.queue.shift();
      if (!queued) return;
      const waited = performance.now() - queued.queuedAt;
      if (this.options.maxWaitMillis > 0 && waited > this.options.maxWaitMillis) {
        queued.reject(new PoolRejectedError("waited-too-long"));
        continue;
      }
      queued.run();
    }
  }
}
