import { randomUUID } from "node:crypto";
import test from "ava";
import { BACKENDS, useAnnotationStacks } from "../../support/annotation/annotation-http-stack.js";

const stack = useAnnotationStacks(test);

interface AnnotationJson {
  observation_uuid: string;
  imaged_moment_uuid: string;
  video_reference_uuid: string;
  concept: string;
  associations: { uuid: string; link_name: string }[];
  image_references: { uuid: string; url: string }[];
  ancillary_data?: Record<string, unknown>;
  [key: string]: unknown;
}

for (const backend of BACKENDS) {
  test(`${backend}: POST /v1/annotations creates from JSON or form, reusing the imaged moment of the timecode`, async (t) => {
    const { http } = stack(backend);
    const video = randomUUID();
    const created = await http.post("/anno/v1/annotations", {
      json: {
        video_reference_uuid: video,
        concept: "Nanomia bijuga",
        observer: "brian",
        timecode: "01:02:03:04",
        elapsed_time_millis: 3000,
        recorded_timestamp: "2020-01-01T00:00:03.123456Z",
        observation_uuid: "ignored",
      },
    });
    t.is(created.status, 200);
    const body = created.json as AnnotationJson;
    t.like(body, {
      video_reference_uuid: video,
      concept: "Nanomia bijuga",
      observer: "brian",
      timecode: "01:02:03:04",
      elapsed_time_millis: 3000,
      recorded_timestamp: "2020-01-01T00:00:03.123456Z",
      associations: [],
      image_references: [],
    });
    t.regex(body.observation_uuid, /^[0-9a-f-]{36}$/);
    t.false("ancillary_data" in body);
    t.false("duration_millis" in body);
    const form = await http.post("/anno/v1/annotations", {
      form: { video_reference_uuid: video, concept: "Aegina", timecode: "01:02:03:04", duration_millis: 10 },
    });
    t.is(form.status, 200);
    t.like(form.json, {
      imaged_moment_uuid: body.imaged_moment_uuid,
      concept: "Aegina",
      duration_millis: 10,
    });
    const missing = await http.post("/anno/v1/annotations", { json: { video_reference_uuid: video } });
    t.is(missing.status, 400);
    t.deepEqual(missing.json, { message: "concept is required", responseCode: 400 });
    const badUuid = await http.post("/anno/v1/annotations", {
      json: { video_reference_uuid: "x", concept: "a" },
    });
    t.is(badUuid.status, 400);
    t.regex((badUuid.json as { message: string }).message, /video_reference_uuid/);
  });

  test(`${backend}: POST /v1/annotations/bulk creates annotations with images, associations and data`, async (t) => {
    const { http } = stack(backend);
    const video = randomUUID();
    const url = `http://example.org/${video}/frame.png`;
    const reply = await http.post("/anno/v1/annotations/bulk", {
      json: [
        {
          video_reference_uuid: video,
          concept: "A",
          elapsed_time_millis: 1000,
          associations: [{ link_name: "eating", to_concept: "B", link_value: "nil" }],
          image_references: [{ url, format: "image/png", width_pixels: 1920, height_pixels: 1080 }],
          ancillary_data: { latitude: 36.1, longitude: -122.5, depth_meters: 200.5 },
        },
        { videoReferenceUuid: video, concept: "B", elapsedTimeMillis: 1000 },
        { video_reference_uuid: video, concept: "C", elapsed_time_millis: 2000 },
      ],
    });
    t.is(reply.status, 200);
    const annotations = reply.json as AnnotationJson[];
    t.deepEqual(annotations.map((annotation) => annotation.concept).sort(), ["A", "B", "C"]);
    const a = annotations.find((annotation) => annotation.concept === "A") as AnnotationJson;
    const b = annotations.find((annotation) => annotation.concept === "B") as AnnotationJson;
    t.is(a.imaged_moment_uuid, b.imaged_moment_uuid);
    t.like(a.associations[0], {
      link_name: "eating",
      to_concept: "B",
      link_value: "nil",
      mime_type: "text/plain",
    });
    t.false("observation_uuid" in (a.associations[0] as object), "nested associations carry no foreign keys");
    t.like(a.image_references[0], { url, format: "image/png", width_pixels: 1920 });
    t.like(a.ancillary_data, { latitude: 36.1, longitude: -122.5, depth_meters: 200.5 });
    t.deepEqual((await http.post("/anno/v1/annotations/bulk", { json: [] })).json, []);
    const bad = await http.post("/anno/v1/annotations/bulk", { json: [{ video_reference_uuid: video }] });
    t.is(bad.status, 400);
    t.is((bad.json as { message: string }).message, "annotations[0].concept is required");
  });

  test(`${backend}: GET annotations by observation, association, image reference and video reference`, async (t) => {
    const { http } = stack(backend);
    const video = randomUUID();
    const url = `http://example.org/${video}/x.png`;
    const created = (
      await http.post("/anno/v1/annotations/bulk", {
        json: [
          {
            video_reference_uuid: video,
            concept: "A",
            timecode: "00:00:01:00",
            associations: [{ link_name: "x", to_concept: "self", link_value: "1" }],
            image_references: [{ url }],
            ancillary_data: { depth_meters: 10 },
          },
          { video_reference_uuid: video, concept: "B", timecode: "00:00:01:00" },
          { video_reference_uuid: video, concept: "C", timecode: "00:00:02:00" },
        ],
      })
    ).json as AnnotationJson[];
    const a = created.find((annotation) => annotation.concept === "A") as AnnotationJson;
    const one = await http.get(`/anno/v1/annotations/${a.observation_uuid}`);
    t.is(one.status, 200);
    t.like(one.json, { concept: "A", ancillary_data: { depth_meters: 10 } });
    t.regex((one.json as { last_updated: string }).last_updated, /Z$/);
    const byAssociation = await http.get(`/anno/v1/annotations/association/${a.associations[0]?.uuid}`);
    t.is((byAssociation.json as AnnotationJson).observation_uuid, a.observation_uuid);
    const byImage = (await http.get(`/anno/v1/annotations/imagereference/${a.image_references[0]?.uuid}`))
      .json as AnnotationJson[];
    t.deepEqual(byImage.map((annotation) => annotation.concept).sort(), ["A", "B"]);
    t.true(byImage.every((annotation) => !("ancillary_data" in annotation)));
    const all = (await http.get(`/anno/v1/annotations/videoreference/${video}`)).json as AnnotationJson[];
    const uuids = all.map((annotation) => annotation.observation_uuid);
    t.deepEqual(uuids, created.map((annotation) => annotation.observation_uuid).sort());
    const withoutData = created.map(({ ancillary_data: _data, ...annotation }) => annotation);
    t.deepEqual(
      all,
      withoutData,
      "the video reads back what the bulk create returned, without ancillary data",
    );
    const pagedAll = await http.get(`/anno/v1/annotations/videoreference/${video}?limit=10`);
    t.deepEqual(pagedAll.json, all, "the whole video and one page holding all of it are the same");
    const page = (await http.get(`/anno/v1/annotations/videoreference/${video}?limit=1&offset=2`))
      .json as AnnotationJson[];
    t.deepEqual(
      page.map((annotation) => annotation.observation_uuid),
      [uuids[2]],
    );
    t.deepEqual((await http.get(`/anno/v1/annotations/imagereference/${randomUUID()}`)).json, []);
    const unknown = await http.get(`/anno/v1/annotations/${randomUUID()}`);
    t.is(unknown.status, 404);
    t.deepEqual(unknown.json, { message: "Not found", responseCode: 404 });
    t.is((await http.get(`/anno/v1/annotations/association/${randomUUID()}`)).status, 404);
    t.is((await http.get("/anno/v1/annotations/not-a-uuid")).status, 400);
    t.is((await http.get(`/anno/v1/annotations/videoreference/${video}?limit=-1`)).status, 400);
  });

  test(`${backend}: concurrent and multi counts accept snake and camel bodies and echo the request`, async (t) => {
    const { http } = stack(backend);
    const [v1, v2] = [randomUUID(), randomUUID()];
    await http.post("/anno/v1/annotations/bulk", {
      json: [
        { video_reference_uuid: v1, concept: "A", recorded_timestamp: "2020-01-01T00:00:00Z" },
        { video_reference_uuid: v2, concept: "B", recorded_timestamp: "2020-01-01T00:00:10Z" },
        { video_reference_uuid: v2, concept: "C", recorded_timestamp: "2020-01-01T00:00:20Z" },
      ],
    });
    const snake = await http.post("/anno/v1/annotations/concurrent/count", {
      auth: false,
      json: {
        start_timestamp: "2020-01-01T00:00:00Z",
        end_timestamp: "2020-01-01T00:00:10Z",
        video_reference_uuids: [v1, v2],
      },
    });
    t.is(snake.status, 200);
    t.deepEqual(snake.json, {
      concurrent_request: {
        start_timestamp: "2020-01-01T00:00:00Z",
        end_timestamp: "2020-01-01T00:00:10Z",
        video_reference_uuids: [v1, v2],
      },
      count: 2,
    });
    const camel = await http.post("/anno/v1/annotations/concurrent/count", {
      auth: false,
      json: {
        startTimestamp: "20200101T000000Z",
        endTimestamp: "2020-01-01T00:00:20Z",
        videoReferenceUuids: [v2],
      },
    });
    t.like(camel.json, { count: 2 });
    const multi = await http.post("/anno/v1/annotations/multi/count", {
      auth: false,
      json: { videoReferenceUuids: [v1, v2] },
    });
    t.deepEqual(multi.json, { multi_request: { video_reference_uuids: [v1, v2] }, count: 3 });
    const empty = await http.post("/anno/v1/annotations/multi/count", { auth: false, json: {} });
    t.is(empty.status, 400);
    const noRange = await http.post("/anno/v1/annotations/concurrent/count", {
      auth: false,
      json: { video_reference_uuids: [v1] },
    });
    t.is(noRange.status, 400);
  });
}
