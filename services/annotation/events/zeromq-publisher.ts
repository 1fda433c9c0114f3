import type { Logger } from "pino";
import { Publisher } from "zeromq";
import { type ChangeEvent, changeNoticeJson } from "./change-event.js";
import type { ChangeHub } from "./change-hub.js";
import { followChanges } from "./follow-changes.js";

export interface ZeroMqSettings {
  /** The interface the PUB socket binds, "*" for all (annosaurus binds every interface). */
  host: string;
  port: number;
  /** The first frame of every message; annosaurus's default is "vars". */
  topic: string;
}

/**
 * The record bodies annosaurus sends for created and updated annotations and associations; a
 * record gone by the time it is read (deleted meanwhile) has none.
 */
export interface ChangeBodies {
  annotation(observationUuid: string): Promise<string | undefined>;
  association(associationUuid: string): Promise<string | undefined>;
}

/**
 * Publishes each change on a ZeroMQ PUB socket as two frames: the topic, then the JSON. Created
 * and updated observations and associations carry annosaurus's body (the annotation or the
 * association, read after the commit); deletes and image reference and ancillary datum changes,
 * which annosaurus never sent on ZeroMQ, carry the NATS notice `{action, dataType, uuid}`.
 * A PUB socket drops what a slow subscriber cannot take (ZeroMQ's high-water mark).
 */
export async function startZeroMqPublisher(
  settings: ZeroMqSettings,
  hub: ChangeHub,
  bodies: ChangeBodies,
  logger: Logger,
): Promise<{ close(): Promise<void> }> {
  const socket = new Publisher();
  await socket.bind(`tcp://${settings.host}:${settings.port}`);
  logger.info({ port: settings.port, topic: settings.topic }, "publishing annotation changes on ZeroMQ");
  const follower = followChanges(
    "zeromq",
    hub,
    async (event) => {
      const body = (await bodyOf(event, bodies)) ?? changeNoticeJson(event);
      await socket.send([settings.topic, body]);
    },
    logger,
  );
  return {
    async close() {
      socket.close();
      await follower.stop();
    },
  };
}

function bodyOf(event: ChangeEvent, bodies: ChangeBodies): Promise<string | undefined> {
  if (event.action === "DELETED") return Promise.resolve(undefined);
  if (event.dataType === "OBSERVATION") return bodies.annotation(event.uuid);
  if (event.dataType === "ASSOCIATION") return bodies.association(event.uuid);
  return Promise.resolve(undefined);
}
