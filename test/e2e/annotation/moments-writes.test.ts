import { randomUUID } from "node:crypto";
import test from "ava";
import { BACKENDS, useAnnotationStacks } from "../../support/annotation/annotation-http-stack.js";
import { createAnnotation, createImage, type MomentJson } from "../../support/annotation/moments-fixtures.js";

const stack = useAnnotationStacks(test);

for (const backend of BACKENDS) {
  test(`${backend}: PUT /v1/imagedmoments sets the indices in place from JSON or form`, async (t) => {
    const { http } = stack(backend);
    const video = randomUUID();
    const image = await createImage(http, { video_reference_uuid: video, timecode: "00:00:01:00" });
    const path = `/anno/v1/imagedmoments/${image.imaged_moment_uuid}`;
    const json = await http.put(path, { json: { recorded_timestamp: "2020-02-02T02:02:02.000002Z" } });
    t.is(json.status, 200);
    t.like(json.json, { timecode: "00:00:01:00", recorded_timestamp: "2020-02-02T02:02:02.000002Z" });
    const form = await http.put(path, { form: { elapsed_time_millis: "1000" } });
    t.like(form.json, { elapsed_time_millis: 1000, timecode: "00:00:01:00" });
    t.is((await http.put(`/anno/v1/imagedmoments/${randomUUID()}`, { json: { timecode: "x" } })).status, 404);
    t.is((await http.put(path, { json: { elapsed_time_millis: "soon" } })).status, 400);
    t.is((await http.put(path, { json: { timecode: "y" }, auth: false })).status, 401);
  });

  test(`${backend}: PUT newtime sets recorded = start + elapsed and PUT tapetime sets the observations' moments`, async (t) => {
    const { http } = stack(backend);
    const video = randomUUID();
    const a = await createAnnotation(http, { video_reference_uuid: video, elapsed_time_millis: 1500 });
    await createImage(http, { video_reference_uuid: video, timecode: "no elapsed time" });
    const retimed = await http.put(`/anno/v1/imagedmoments/newtime/${video}/19680922T020000.000001Z`);
    t.is(retimed.status, 200);
    const moments = retimed.json as MomentJson[];
    t.is(moments.length, 2);
    t.is(
      moments.find((m) => m.uuid === a.imaged_moment_uuid)?.recorded_timestamp,
      "1968-09-22T02:00:01.500001Z",
    );
    t.false("recorded_timestamp" in (moments.find((m) => m.uuid !== a.imaged_moment_uuid) ?? {}));
    const tape = await http.put("/anno/v1/imagedmoments/tapetime", {
      json: [
        {
          observation_uuid: a.observation_uuid,
          recorded_timestamp: "2001-01-01T00:00:00Z",
          associations: [],
        },
        { observation_uuid: randomUUID(), recorded_timestamp: "2002-01-01T00:00:00Z" },
      ],
    });
    t.is(tape.status, 200);
    t.deepEqual(tape.json, { annotation_count: 2, timestamps_updated: 2 });
    t.like((await http.get(`/anno/v1/imagedmoments/${a.imaged_moment_uuid}`)).json, {
      recorded_timestamp: "2001-01-01T00:00:00Z",
    });
  });

  test(`${backend}: PUT bulk/move moves moments (snake or camel) and recomputes elapsed times from a start`, async (t) => {
    const { http } = stack(backend);
    const from = randomUUID();
    const to = randomUUID();
    const first = await createImage(http, {
      video_reference_uuid: from,
      elapsed_time_millis: 1,
      recorded_timestamp: "2020-01-01T00:01:00Z",
    });
    const second = await createImage(http, { video_reference_uuid: from, timecode: "t" });
    const snake = await http.put("/anno/v1/imagedmoments/bulk/move", {
      json: {
        video_reference_uuid: to,
        imaged_moment_uuids: [first.imaged_moment_uuid],
        video_reference_start_timestamp: "2020-01-01T00:00:00Z",
      },
    });
    t.deepEqual(snake.json, { count: 1 });
    t.like((await http.get(`/anno/v1/imagedmoments/${first.imaged_moment_uuid}`)).json, {
      video_reference_uuid: to,
      elapsed_time_millis: 60_000,
    });
    const camel = await http.put("/anno/v1/imagedmoments/bulk/move", {
      json: { videoReferenceUuid: to, imagedMomentUuids: [second.imaged_moment_uuid] },
    });
    t.deepEqual(camel.json, { count: 1 });
    t.deepEqual((await http.get(`/anno/v1/imagedmoments/videoreference/${from}`)).json, []);
    const bad = await http.put("/anno/v1/imagedmoments/bulk/move", {
      json: { video_reference_uuid: to, imaged_moment_uuids: ["nope"] },
    });
    t.is(bad.status, 400);
  });

  test(`${backend}: DELETE removes a moment with everything on it, or every moment of a video`, async (t) => {
    const { http } = stack(backend);
    const video = randomUUID();
    const a = await createAnnotation(http, { video_reference_uuid: video, timecode: "a" });
    await createImage(http, { video_reference_uuid: video, timecode: "a" });
    await createImage(http, { video_reference_uuid: video, timecode: "b" });
    await createImage(http, { video_reference_uuid: video, timecode: "c" });
    t.is((await http.delete(`/anno/v1/imagedmoments/${a.imaged_moment_uuid}`)).status, 204);
    t.is((await http.get(`/anno/v1/imagedmoments/observation/${a.observation_uuid}`)).status, 404);
    t.is((await http.delete(`/anno/v1/imagedmoments/${a.imaged_moment_uuid}`)).status, 404);
    t.is((await http.delete(`/anno/v1/imagedmoments/videoreference/${video}`, { auth: false })).status, 401);
    const deleted = await http.delete(`/anno/v1/imagedmoments/videoreference/${video}`);
    t.is(deleted.status, 200);
    t.deepEqual(deleted.json, { video_reference_uuid: video, count: 2 });
    t.deepEqual((await http.get(`/anno/v1/images/videoreference/${video}`)).json, []);
  });
}
