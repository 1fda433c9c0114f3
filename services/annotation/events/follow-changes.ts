import type { Logger } from "pino";
import { SubscriberTooSlowError } from "../../kit/events/fan-out.js";
import type { ChangeEvent } from "./change-event.js";
import { type ChangeWatcher, recordCutOff } from "./change-event-metrics.js";
import type { ChangeHub } from "./change-hub.js";

/**
 * Hands each change to `deliver`, one at a time, until stop() is called. A transport that fell
 * too far behind (its queue filled while it was disconnected or slow) loses what it missed,
 * says so in the log, and follows on from the next change.
 */
export function followChanges(
  watcher: ChangeWatcher,
  hub: ChangeHub,
  deliver: (event: ChangeEvent) => Promise<void> | void,
  logger: Logger,
): { stop(): Promise<void> } {
  let subscription = hub.subscribe();
  let stopped = false;
  const run = async () => {
    while (!stopped) {
      try {
        for await (const event of subscription) {
          try {
            await deliver(event);
          } catch (error) {
            logger.warn({ err: error, change: event }, "a change event could not be published");
          }
        }
        return;
      } catch (error) {
        if (!(error instanceof SubscriberTooSlowError)) throw error;
        recordCutOff(watcher);
        logger.warn({ err: error, watcher }, "change events were dropped: the transport fell behind");
        subscription = hub.subscribe();
      }
    }
  };
  const running = run();
  return {
    async stop() {
      stopped = true;
      subscription.close();
      await running;
    },
  };
}
