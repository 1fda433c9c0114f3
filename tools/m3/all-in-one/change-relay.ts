import type { ChangeSource } from "../../../gateway/src/events/change-streams.js";
import { FanOut } from "../../../services/kit/events/fan-out.js";
import { isWorkerMessage, type WorkerMessage } from "./worker-messages.js";

/** Changes a worker's relay holds for its gateway; the gateway takes them at once. */
const RELAY_QUEUE_LIMIT = 100_000;
const NOTICES_PER_BATCH = 1000;

/**
 * In one worker of a clustered all-in-one: this worker's committed changes go to the primary,
 * which hands them to every other worker; theirs arrive here. Each worker's gateway thus serves
 * every worker's changes to its SSE clients (each worker has its own annotation domain).
 */
export function workerChangeRelay(): { source: ChangeSource; forward(notices: readonly string[]): void } {
  const fanOut = new FanOut<string>(RELAY_QUEUE_LIMIT);
  const onMessage = (message: unknown) => {
    if (isWorkerMessage(message, "changes")) {
      fanOut.publish((message as Extract<WorkerMessage, { m3: "changes" }>).notices);
    }
  };
  process.on("message", onMessage);
  return {
    source: {
      open() {
        const subscription = fanOut.subscribe();
        return { notices: subscription.batches(NOTICES_PER_BATCH), cancel: () => subscription.close() };
      },
      close: async () => {
        process.off("message", onMessage);
      },
    },
    forward(notices) {
      const message: WorkerMessage = { m3: "changes", notices: [...notices] };
      process.send?.(message);
    },
  };
}
