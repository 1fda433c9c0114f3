import { randomUUID } from "node:crypto";
import test from "ava";
import type { HttpClient } from "../../../tools/dev/fixtures/http-client.js";
import { ANNOTATION_BACKENDS, useAnnotationStacks } from "../../support/annotation/annotation-http-stack.js";

const stack = useAnnotationStacks(test);

interface AnnotationJson {
  observation_uuid: string;
  imaged_moment_uuid: string;
  concept: string;
  observation_timestamp: string;
  associations: unknown[];
  [key: string]: unknown;
}

async function createOne(http: HttpClient, fields: Record<string, unknown>): Promise<AnnotationJson> {
  const reply = await http.post("/anno/v1/annotations", { json: { concept: "A", ...fields } });
  if (reply.status !== 200) throw new Error(`create failed: ${reply.status} ${reply.text}`);
  return reply.json as AnnotationJson;
}

for (const backend of ANNOTATION_BACKENDS) {
  test(`${backend}: PUT /v1/annotations/{uuid} updates from snake JSON, camel JSON or form`, async (t) => {
    const { http } = stack(backend);
    const video = randomUUID();
    const created = await createOne(http, {
      video_reference_uuid: video,
      timecode: "00:00:01:00",
      observation_timestamp: "2001-01-01T00:00:00Z",
    });
    const path = `/anno/v1/annotations/${created.observation_uuid}`;
    const snake = await http.put(path, { json: { concept: "B", activity: "transect" } });
    t.is(snake.status, 200);
    t.like(snake.json, {
      concept: "B",
      activity: "transect",
      imaged_moment_uuid: created.imaged_moment_uuid,
    });
    t.not((snake.json as AnnotationJson).observation_timestamp, "2001-01-01T00:00:00Z", "reset to now");
    const camel = await http.put(path, {
      json: { durationMillis: 42, observationTimestamp: "2002-01-01T00:00:00Z" },
    });
    t.like(camel.json, { duration_millis: 42, observation_timestamp: "2002-01-01T00:00:00Z" });
    const form = await http.put(path, { form: { concept: "C", timecode: "00:00:02:00" } });
    t.is(form.status, 200);
    const moved = form.json as AnnotationJson;
    t.like(moved, { concept: "C", timecode: "00:00:02:00", activity: "transect" });
    t.not(moved.imaged_moment_uuid, created.imaged_moment_uuid);
    t.is((await http.put(`/anno/v1/annotations/${randomUUID()}`, { json: { concept: "x" } })).status, 404);
    t.is((await http.put(path, { json: { concept: "x".repeat(300) } })).status, 400);
  });

  test(`${backend}: PUT /v1/annotations/bulk updates many, leaving associations, and skips items without uuid`, async (t) => {
    const { http } = stack(backend);
    const video = randomUUID();
    const created = (
      await http.post("/anno/v1/annotations/bulk", {
        json: [1, 2, 3].map((elapsed) => ({
          video_reference_uuid: video,
          concept: "A",
          elapsed_time_millis: elapsed,
          associations: [{ link_name: "keep", to_concept: "self", link_value: "nil" }],
        })),
      })
    ).json as AnnotationJson[];
    const reply = await http.put("/anno/v1/annotations/bulk", {
      json: [
        ...created.map((annotation) => ({
          observation_uuid: annotation.observation_uuid,
          concept: "Z",
          observer: "bulk",
          associations: [],
        })),
        { concept: "no uuid" },
      ],
    });
    t.is(reply.status, 200);
    const updated = reply.json as AnnotationJson[];
    t.is(updated.length, 3);
    t.true(updated.every((annotation) => annotation.concept === "Z" && annotation.observer === "bulk"));
    t.true(updated.every((annotation) => annotation.associations.length === 1));
    const bad = await http.put("/anno/v1/annotations/bulk", { json: [{ observation_uuid: "nope" }] });
    t.is(bad.status, 400);
    t.is(
      (bad.json as { message: string }).message,
      "annotations[0].observation_uuid is not a valid UUID: nope",
    );
  });

  // Serial: one backend's burst of 1,000 requests at a time (three at once, beside the file's
  // other tests, outran the gateway's deadline on a loaded machine).
  test.serial(
    `${backend}: 1,000 concurrent creates on one video at 10 timecodes make exactly 10 imaged moments`,
    async (t) => {
      const { http } = stack(backend);
      const video = randomUUID();
      const replies = await Promise.all(
        Array.from({ length: 1000 }, (_, index) =>
          http.post("/anno/v1/annotations", {
            json: { video_reference_uuid: video, concept: `c${index}`, timecode: `00:00:0${index % 10}:00` },
          }),
        ),
      );
      t.true(replies.every((reply) => reply.status === 200));
      const moments = new Set(replies.map((reply) => (reply.json as AnnotationJson).imaged_moment_uuid));
      t.is(moments.size, 10);
      const count = await http.post("/anno/v1/annotations/multi/count", {
        auth: false,
        json: { video_reference_uuids: [video] },
      });
      t.like(count.json, { count: 1000 });
    },
  );
}
