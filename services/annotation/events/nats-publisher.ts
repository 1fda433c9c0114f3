import { connect } from "nats";
import type { Logger } from "pino";
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
 * The connection is made in the background and remade for ever; the client holds what is
 * published while it is away (its reconnect buffer) and the hub's queue holds the rest until it
 * overflows (logged).
 */
export function startNatsPublisher(
  settings: NatsSettings,
  hub: ChangeHub,
  logger: Logger,
): { close(): Promise<void> } {
  const encoder = new TextEncoder();
  const connection = connect({
    servers: settings.url.split(",").map((server) => server.trim()),
    name: "m3-annotation",
    waitOnFirstConnect: true,
    maxReconnectAttempts: -1,
  });
  connection.then(
    () =>
      logger.info({ url: settings.url, subject: settings.subject }, "publishing annotation changes on NATS"),
    (error: unknown) => logger.error({ err: error, url: settings.url }, "NATS connection failed"),
  );
  const follower = followChanges(
    hub,
    async (event) => {
      (await connection).publish(settings.subject, encoder.encode(changeNoticeJson(event)));
    },
    logger,
  );
  return {
    async close() {
      await follower.stop();
      const nc = await connection.catch(() => undefined);
      await nc?.drain().catch(() => undefined);
    },
  };
}
