import { randomUUID } from "node:crypto";
import test from "ava";
import { connect, type NatsConnection } from "nats";
import { Subscriber } from "zeromq";
import { freePort } from "../../../tools/dev/fixtures/free-port.js";
import { privateNatsUrl, stopPrivateNats } from "../../../tools/dev/fixtures/nats.js";
import type { AnnotationHttpStack } from "../../support/annotation/annotation-http-stack.js";
import { startAnnotationHttpStackWith } from "../../support/events/annotation-events-stack.js";
import { SseReader } from "../../support/events/sse-reader.js";

let stack: AnnotationHttpStack;
let nats: NatsConnection;
let zeroMqPort: number;

test.before(async () => {
  const natsUrl = await privateNatsUrl();
  zeroMqPort = await freePort();
  stack = await startAnnotationHttpStackWith(
    {
      M3_EVENTS_NATS_URL: natsUrl,
      M3_EVENTS_ZEROMQ_PORT: String(zeroMqPort),
      M3_EVENTS_ZEROMQ_HOST: "127.0.0.1",
    },
    { url: natsUrl, subject: "vars" },
  );
  nats = await connect({ servers: natsUrl });
});
test.after.always(async () => {
  await nats?.close();
  await stack?.stop();
  await stopPrivateNats();
});

async function createAnnotation(): Promise<{ observation_uuid: string; concept: string }> {
  const reply = await stack.http.post("/anno/v1/annotations", {
    json: { video_reference_uuid: randomUUID(), concept: "Nanomia", observer: "t", timecode: "00:00:01:00" },
  });
  if (reply.status !== 200) throw new Error(`create failed: ${reply.status}`);
  return reply.json as { observation_uuid: string; concept: string };
}

test.serial("NATS: each change is annosaurus's notice on subject vars", async (t) => {
  const subscription = nats.subscribe("vars", { max: 2 });
  await nats.flush();
  const created = await createAnnotation();
  t.is((await stack.http.delete(`/anno/v1/observations/${created.observation_uuid}`)).status, 204);
  const received: unknown[] = [];
  for await (const message of subscription) received.push(JSON.parse(new TextDecoder().decode(message.data)));
  t.deepEqual(received, [
    { action: "CREATED", dataType: "OBSERVATION", uuid: created.observation_uuid },
    { action: "DELETED", dataType: "OBSERVATION", uuid: created.observation_uuid },
  ]);
});

/** The next message about one of the `created` annotations, or undefined when none comes in the socket's receive timeout. */
async function receiveAbout(subscriber: Subscriber, created: Set<string>): Promise<Buffer[] | undefined> {
  for (;;) {
    const frames = await subscriber.receive().catch(() => undefined);
    if (!frames) return undefined;
    const about = (JSON.parse(frames[1]?.toString() ?? "{}") as { observationUuid?: string }).observationUuid;
    if (about !== undefined && created.has(about)) return frames;
  }
}

test.serial("ZeroMQ: topic vars, then the created annotation in annosaurus's camelCase body", async (t) => {
  const subscriber = new Subscriber({ receiveTimeout: 500 });
  subscriber.connect(`tcp://127.0.0.1:${zeroMqPort}`);
  subscriber.subscribe("vars");
  // A SUB socket joins asynchronously and misses what is published before: write until one arrives.
  // The earlier test's changes may still be on their way (a loaded machine): frames about other
  // records are passed over.
  const created = new Set<string>();
  let frames: Buffer[] | undefined;
  while (!frames && created.size < 20) {
    created.add((await createAnnotation()).observation_uuid);
    frames = await receiveAbout(subscriber, created);
  }
  subscriber.close();
  const [topic, body] = frames ?? [];
  t.is(topic?.toString(), "vars");
  const annotation = JSON.parse(body?.toString() ?? "{}");
  t.true(created.has(annotation.observationUuid));
  t.is(annotation.concept, "Nanomia");
  t.is(annotation.observer, "t");
  t.deepEqual(annotation.associations, []);
  t.deepEqual(annotation.imageReferences, []);
  t.is(annotation.timecode, "00:00:01:00");
  t.regex(annotation.observationTimestamp, /^\d{4}-\d\d-\d\dT[\d:.]+Z$/);
  t.false("observation_uuid" in annotation);
});

test.serial(
  "a gateway following NATS serves every replica's changes: its own domain's and another's",
  async (t) => {
    const reader = new SseReader(`${stack.baseUrl}/anno/v1/events`);
    await reader.opened;
    // The gateway subscribes to NATS in the background: probe until its subscription carries.
    const probe = JSON.stringify({ action: "UPDATED", dataType: "ASSOCIATION", uuid: randomUUID() });
    while (reader.buffered.length === 0) {
      nats.publish("vars", new TextEncoder().encode(probe));
      await reader.take(0, 100);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const created = await createAnnotation();
    const elsewhere = { action: "UPDATED", dataType: "ASSOCIATION", uuid: randomUUID() };
    nats.publish("vars", new TextEncoder().encode(JSON.stringify(elsewhere)));
    const wanted = new Set([created.observation_uuid, elsewhere.uuid]);
    const seen: { uuid: string }[] = [];
    while (seen.length < 2) {
      const [event] = await reader.take(1);
      if (!event) break;
      const notice = JSON.parse(event.data) as { uuid: string };
      if (wanted.has(notice.uuid)) seen.push(notice);
    }
    reader.close();
    // Two processes publish: their changes interleave in any order.
    const byUuid = (a: { uuid: string }, b: { uuid: string }) => a.uuid.localeCompare(b.uuid);
    t.deepEqual(
      seen.sort(byUuid),
      [{ action: "CREATED", dataType: "OBSERVATION", uuid: created.observation_uuid }, elsewhere].sort(
        byUuid,
      ),
    );
  },
);
test.serial("with NATS unreachable the service starts, commits, serves its SSE and stops", async (t) => {
  const nowhere = `nats://127.0.0.1:${await freePort()}`;
  const alone = await startAnnotationHttpStackWith({ M3_EVENTS_NATS_URL: nowhere });
  try {
    const reader = new SseReader(`${alone.baseUrl}/anno/v1/events`);
    await reader.opened;
    const reply = await alone.http.post("/anno/v1/annotations", {
      json: { video_reference_uuid: randomUUID(), concept: "Nanomia", observer: "t" },
    });
    t.is(reply.status, 200);
    const [event] = await reader.take(1);
    reader.close();
    t.is(JSON.parse(event?.data ?? "{}").uuid, (reply.json as { observation_uuid: string }).observation_uuid);
  } finally {
    await alone.stop();
  }
});
