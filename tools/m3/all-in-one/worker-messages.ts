/** What a clustered all-in-one's primary and workers tell each other over the IPC channel. */

type Env = Record<string, string | undefined>;

/** What a worker starts with: the environment the primary prepared (secrets filled in) and the shared port. */
export interface WorkerStart {
  env: Env;
  port: number;
}

export type WorkerMessage =
  /** Worker to primary: modules loaded, waiting for its WorkerStart. */
  | { m3: "loaded" }
  /** Primary to worker: start the platform. */
  | { m3: "start"; start: WorkerStart }
  /** Worker to primary: the gateway listens. */
  | { m3: "serving" }
  /** Worker to primary, relayed to every other worker: annotation changes this worker committed. */
  | { m3: "changes"; notices: string[] };

export function isWorkerMessage(message: unknown, kind: WorkerMessage["m3"]): boolean {
  return typeof message === "object" && message !== null && (message as { m3?: unknown }).m3 === kind;
}

/** In a worker: tells the primary its modules are loaded and waits for what to start with. */
export function awaitWorkerStart(): Promise<WorkerStart> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (!isWorkerMessage(message, "start")) return;
      process.off("message", onMessage);
      resolve((message as Extract<WorkerMessage, { m3: "start" }>).start);
    };
    process.on("message", onMessage);
    sendToPrimary({ m3: "loaded" });
  });
}

export function sendToPrimary(message: WorkerMessage): void {
  process.send?.(message);
}
