import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";

/** The message a worker sends its primary once its gateway listens. */
export const WORKER_READY_MESSAGE = "m3-worker-ready";
/** How long a dead worker's replacement waits, doubled (up to the max) while replacements fail. */
const RESTART_DELAY_MILLIS = 1000;
const MAX_RESTART_DELAY_MILLIS = 30_000;

type Env = Record<string, string | undefined>;

/**
 * The worker processes of a clustered all-in-one (node:cluster): each runs `module` with `env`
 * and listens on the shared port once it serves. Those that die after the start are logged and
 * replaced; stop() sends each a SIGTERM and waits for all of them to exit.
 */
export class WorkerPool {
  private readonly workers = new Set<Worker>();
  private stopping = false;
  private pendingRestarts = new Set<NodeJS.Timeout>();

  constructor(
    private readonly options: {
      count: number;
      /** The all-in-one's main module, which a worker runs (not npm start's launcher). */
      module: string;
      args: readonly string[];
      env: Env;
      logger: Logger;
    },
  ) {}

  /** Forks every worker; resolves once all serve, rejects (having stopped them) if one exits first. */
  async start(): Promise<void> {
    cluster.setupPrimary({ exec: this.options.module, args: [...this.options.args] });
    try {
      await Promise.all(Array.from({ length: this.options.count }, () => this.fork()));
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
    const worker = cluster.fork(definedOnly(this.options.env));
    this.workers.add(worker);
    const serving = new Promise<Worker>((resolve, reject) => {
      const onMessage = (message: unknown) => {
        if (message !== WORKER_READY_MESSAGE) return;
        worker.off("message", onMessage);
        worker.off("exit", onEarlyExit);
        worker.on("exit", (code, signal) => this.replace(worker, code, signal));
        resolve(worker);
      };
      const onEarlyExit = (code: number | null, signal: string | null) => {
        this.workers.delete(worker);
        // Stopped while starting (a SIGTERM before the start ended): not a failure to start.
        if (this.stopping) resolve(worker);
        else
          reject(new Error(`worker ${worker.id} exited before it served (code ${code}, signal ${signal})`));
      };
      worker.on("message", onMessage);
      worker.once("exit", onEarlyExit);
    });
    return serving;
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
          logger.info({ worker: replacement.id, pid: replacement.process.pid }, "worker replaced"),
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

function exited(worker: Worker): Promise<void> {
  if (worker.isDead()) return Promise.resolve();
  return new Promise((resolve) => worker.once("exit", () => resolve()));
}

function definedOnly(env: Env): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
