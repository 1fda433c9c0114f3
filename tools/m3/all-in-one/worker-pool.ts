import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";
import { isWorkerMessage, type WorkerMessage, type WorkerStart } from "./worker-messages.js";

/** How long a dead worker's replacement waits, doubled (up to the max) while replacements fail. */
const RESTART_DELAY_MILLIS = 1000;
const MAX_RESTART_DELAY_MILLIS = 30_000;

/**
 * The worker processes of a clustered all-in-one (node:cluster), each running `module`. The
 * first is forked at once, so it loads its modules while the primary prepares, and starts alone:
 * it migrates the schemas and seeds what a first start seeds, as a single process would, and
 * has the cores to itself until the port answers. The others are forked once it serves, so no
 * two workers ever migrate or seed at once. Workers that die later are logged and replaced;
 * stop() sends each a SIGTERM and waits for all of them to exit.
 */
export class WorkerPool {
  private readonly workers = new Set<Worker>();
  private readonly pendingRestarts = new Set<NodeJS.Timeout>();
  /** What the first worker starts with, once prepared. */
  private firstStart: WorkerStart | undefined;
  /** Workers whose modules are loaded, waiting for the preparation to end. */
  private readonly waiting = new Set<Worker>();
  /** What the workers forked after the first one start with (replacements too). */
  private workerStart: WorkerStart | undefined;
  private stopping = false;

  constructor(
    private readonly options: {
      count: number;
      /** The all-in-one's main module, which a worker runs (not npm start's launcher). */
      module: string;
      args: readonly string[];
      logger: Logger;
    },
  ) {}

  /**
   * Forks the first worker, runs `prepare` (what the workers need to start with), starts the first
   * worker with its `first` answer, then the others with `others`; resolves once all serve (false
   * when stop() came first), rejects (having stopped them) if preparing fails or a worker exits
   * first.
   */
  async start(prepare: () => Promise<{ first: WorkerStart; others: WorkerStart }>): Promise<boolean> {
    cluster.setupPrimary({ exec: this.options.module, args: [...this.options.args] });
    const first = this.fork();
    try {
      const starts = await prepare();
      this.firstStart = starts.first;
      for (const worker of this.waiting) send(worker, { m3: "start", start: starts.first });
      this.waiting.clear();
      await first;
      if (this.stopping) return false;
      this.workerStart = starts.others;
      await Promise.all(Array.from({ length: this.options.count - 1 }, () => this.fork()));
      return !this.stopping;
    } catch (error) {
      await this.stop();
      throw error;
    }
  }

  stop(): Promise<void> {
    this.stopping = true;
    for (const timer of this.pendingRestarts) clearTimeout(timer);
    const exits = [...this.workers].map((worker) => exited(worker));
    for (const worker of this.workers) worker.process.kill("SIGTERM");
    return Promise.all(exits).then(() => undefined);
  }

  /** Resolves once the new worker serves; rejects if it exits before. */
  private fork(): Promise<Worker> {
    const worker = cluster.fork();
    this.workers.add(worker);
    return new Promise<Worker>((resolve, reject) => {
      const onMessage = (message: unknown) => {
        if (isWorkerMessage(message, "loaded")) {
          const start = this.workerStart ?? this.firstStart;
          if (start) send(worker, { m3: "start", start });
          else this.waiting.add(worker);
        } else if (isWorkerMessage(message, "serving")) {
          worker.off("message", onMessage);
          worker.off("exit", onEarlyExit);
          worker.on("exit", (code, signal) => this.replace(worker, code, signal));
          resolve(worker);
        }
      };
      const onEarlyExit = (code: number | null, signal: string | null) => {
        this.workers.delete(worker);
        this.waiting.delete(worker);
        // Stopped while starting (a SIGTERM before the start ended): not a failure to start.
        if (this.stopping) resolve(worker);
        else
          reject(new Error(`worker ${worker.id} exited before it served (code ${code}, signal ${signal})`));
      };
      worker.on("message", onMessage);
      worker.on("message", (message: unknown) => {
        if (isWorkerMessage(message, "changes")) this.relayChanges(worker, message as WorkerMessage);
      });
      worker.once("exit", onEarlyExit);
    });
  }

  /** A worker's committed annotation changes, to every other worker's gateway (its SSE clients). */
  private relayChanges(from: Worker, message: WorkerMessage): void {
    for (const worker of this.workers) {
      if (worker !== from && worker.isConnected()) send(worker, message);
    }
  }

  private replace(worker: Worker, code: number | null, signal: string | null): void {
    this.workers.delete(worker);
    if (this.stopping) return;
    this.options.logger.error(
      { worker: worker.id, workerPid: worker.process.pid, code, signal },
      "a worker died: starting another in its place",
    );
    this.forkLater(RESTART_DELAY_MILLIS);
  }

  private forkLater(delayMillis: number): void {
    const { logger } = this.options;
    const timer = setTimeout(() => {
      this.pendingRestarts.delete(timer);
      this.fork().then(
        (replacement) =>
          logger.info({ worker: replacement.id, workerPid: replacement.process.pid }, "worker replaced"),
        (error: unknown) => {
          const nextDelay = Math.min(delayMillis * 2, MAX_RESTART_DELAY_MILLIS);
          logger.error({ err: error, retryInMillis: nextDelay }, "the replacement worker did not start");
          this.forkLater(nextDelay);
        },
      );
    }, delayMillis);
    this.pendingRestarts.add(timer);
  }
}

function send(worker: Worker, message: WorkerMessage): void {
  worker.send(message);
}

function exited(worker: Worker): Promise<void> {
  if (worker.isDead()) return Promise.resolve();
  return new Promise((resolve) => worker.once("exit", () => resolve()));
}
