import type { Logger } from "pino";
import { NatsLink } from "../../kit/events/nats-link.js";
import { changeNoticeJson } from "./change-event.js";
import type { ChangeHub } from "./change-hub.js";
import { followChanges } from "./follow-changes.js";

export interface NatsSettings {
  /** nats://host:port (a comma-separated list for a cluster). */
  url: string;
  /** The subject every notice is published on; annosaurus's default is "vars". */
  subject: string;
}

/**
 * Publishes each change on NATS as annosaurus does: `{"action","dataType","uuid"}` on one subject.
 * The service starts without waiting for NATS; until the first connection, and while the client
 * reconnects (it holds what is published meanwhile in its buffer), changes wait in the hub's
 * queue, and those past its limit are lost (logged).
 */
export function startNatsPublisher(
  settings: NatsSettings,
  hub: ChangeHub,
  logger: Logger,
): { close(): Promise<void> } {
  const encoder = new TextEncoder();
  const link = new NatsLink(settings.url, "m3-annotation", logger);
  logger.info({ url: settings.url, subject: settings.subject }, "publishing annotation changes on NATS");
  const follower = followChanges(
    "nats",
    hub,
    async (event) => {
      const connection = await link.connection();
      connection?.publish(settings.subject, encoder.encode(changeNoticeJson(event)));
    },
    logger,
  );
  return {
    async close() {
      const closing = link.close();
      await follower.stop();
      await closing;
    },
  };
}
