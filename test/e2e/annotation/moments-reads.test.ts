import { randomUUID } from "node:crypto";
import test from "ava";
import {
  type AnnotationHttpStack,
  BACKENDS,
  useAnnotationStacks,
} from "../../support/annotation/annotation-http-stack.js";
import {
  createAnnotation,
  createAssociation,
  createImage,
  type MomentJson,
} from "../../support/annotation/moments-fixtures.js";

const stack = useAnnotationStacks(test);

/** A video with three moments: A (observation + association + image), B (observation), C (image only). */
async function seedVideo(http: AnnotationHttpStack["http"]) {
  const video = randomUUID();
  const concept = `Aegina-${randomUUID()}`;
  const linkName = `eating-${randomUUID()}`;
  const a = await createAnnotation(http, {
    video_reference_uuid: video,
    concept,
    timecode: "00:00:01:00",
    recorded_timestamp: "2020-01-01T00:00:01Z",
  });
  await createAssociation(http, { observation_uuid: a.observation_uuid, link_name: linkName });
  const imageA = await createImage(http, { video_reference_uuid: video, timecode: "00:00:01:00" });
  const b = await createAnnotation(http, {
    video_reference_uuid: video,
    concept,
    elapsed_time_millis: 2000,
    recorded_timestamp: "2020-01-01T00:00:02Z",
  });
  const imageC = await createImage(http, {
    video_reference_uuid: video,
    recorded_timestamp: "2020-01-01T00:00:30Z",
  });
  return { video, concept, linkName, a, b, imageA, c: imageC.imaged_moment_uuid };
}

function uuidsOf(reply: { json: unknown }): string[] {
  return (reply.json as MomentJson[]).map((moment) => moment.uuid).sort();
}

for (const backend of BACKENDS) {
  test(`${backend}: imaged moment finders return the extended form and their counts agree`, async (t) => {
    const { http } = stack(backend);
    const s = await seedVideo(http);
    const a = s.a.imaged_moment_uuid;
    const b = s.b.imaged_moment_uuid;
    const one = (await http.get(`/anno/v1/imagedmoments/${a}`)).json as MomentJson;
    t.like(one, { uuid: a, video_reference_uuid: s.video, timecode: "00:00:01:00" });
    t.is(one.observations.length, 1);
    t.is(one.observations[0]?.associations.length, 1);
    t.deepEqual(
      one.image_references.map((image) => image.url),
      [s.imageA.url],
    );
    t.is((await http.get(`/anno/v1/imagedmoments/${randomUUID()}`)).status, 404);
    t.is((await http.get("/anno/v1/imagedmoments/not-a-uuid")).status, 400);

    t.deepEqual(
      uuidsOf(await http.get(`/anno/v1/imagedmoments/videoreference/${s.video}`)),
      [a, b, s.c].sort(),
    );
    t.deepEqual(uuidsOf(await http.get(`/anno/v1/imagedmoments/concept/${s.concept}`)), [a, b].sort());
    t.deepEqual(uuidsOf(await http.get(`/anno/v1/imagedmoments/concept/images/${s.concept}`)), [a]);
    t.deepEqual((await http.get(`/anno/v1/imagedmoments/concept/count/${s.concept}`)).json, {
      concept: s.concept,
      count: 2,
    });
    t.deepEqual((await http.get(`/anno/v1/imagedmoments/concept/images/count/${s.concept}`)).json, {
      concept: s.concept,
      count: 1,
    });
    t.deepEqual(uuidsOf(await http.get(`/anno/v1/imagedmoments/find/linkname/${s.linkName}`)), [a]);
    t.deepEqual((await http.get(`/anno/v1/imagedmoments/count/linkname/${s.linkName}`)).json, { count: 1 });
    t.deepEqual((await http.get(`/anno/v1/imagedmoments/count/images/${s.video}`)).json, { count: 2 });
    t.like((await http.get(`/anno/v1/imagedmoments/imagereference/${s.imageA.image_reference_uuid}`)).json, {
      uuid: a,
    });
    t.like((await http.get(`/anno/v1/imagedmoments/observation/${s.b.observation_uuid}`)).json, { uuid: b });
    t.is((await http.get(`/anno/v1/imagedmoments/observation/${randomUUID()}`)).status, 404);
  });

  test(`${backend}: a moment with two observations of a concept is listed once by concept, with both`, async (t) => {
    const { http } = stack(backend);
    const s = await seedVideo(http);
    // Same video and timecode as A: the annotation joins A's imaged moment.
    const second = await createAnnotation(http, {
      video_reference_uuid: s.video,
      concept: s.concept,
      timecode: "00:00:01:00",
    });
    t.is(second.imaged_moment_uuid, s.a.imaged_moment_uuid);
    const moments = (await http.get(`/anno/v1/imagedmoments/concept/${s.concept}`)).json as MomentJson[];
    t.deepEqual(
      moments.map((moment) => moment.uuid),
      [s.a.imaged_moment_uuid, s.b.imaged_moment_uuid].sort(),
    );
    const a = moments.find((moment) => moment.uuid === s.a.imaged_moment_uuid);
    t.is(a?.observations?.length, 2);
    t.deepEqual(uuidsOf(await http.get(`/anno/v1/imagedmoments/concept/images/${s.concept}`)), [
      s.a.imaged_moment_uuid,
    ]);
  });

  test.serial(`${backend}: global imaged moment lists, counts and pages`, async (t) => {
    const { http } = stack(backend);
    const s = await seedVideo(http);
    const all = (await http.get("/anno/v1/imagedmoments/count/all")).json as { count: number };
    t.true(all.count >= 3);
    const page = (await http.get("/anno/v1/imagedmoments?limit=2&offset=1")).json as MomentJson[];
    t.is(page.length, 2);
    const everything = (await http.get("/anno/v1/imagedmoments")).json as MomentJson[];
    t.is(everything.length, all.count);
    t.deepEqual(
      page.map((m) => m.uuid),
      everything.slice(1, 3).map((m) => m.uuid),
    );
    const withImages = (await http.get("/anno/v1/imagedmoments/count/images")).json as { count: number };
    t.is(
      ((await http.get("/anno/v1/imagedmoments/find/images")).json as MomentJson[]).length,
      withImages.count,
    );
    const counts = (await http.get("/anno/v1/imagedmoments/counts")).json as {
      video_reference_uuid: string;
    }[];
    t.deepEqual(
      counts.find((c) => c.video_reference_uuid === s.video),
      { video_reference_uuid: s.video, count: 3 },
    );
    t.true(((await http.get("/anno/v1/imagedmoments/videoreference")).json as string[]).includes(s.video));
    t.is((await http.get("/anno/v1/imagedmoments?limit=-1")).status, 400);
  });

  test.serial(`${backend}: modified ranges, modified-before counts and window requests`, async (t) => {
    const { http } = stack(backend);
    const s = await seedVideo(http);
    const past = "20000101T000000Z";
    const future = "29991231T235959.999Z";
    const modified = (await http.get(`/anno/v1/imagedmoments/modified/${past}/${future}`))
      .json as MomentJson[];
    t.true(
      [s.a.imaged_moment_uuid, s.b.imaged_moment_uuid, s.c].every((u) => modified.some((m) => m.uuid === u)),
    );
    const count = (await http.get(`/anno/v1/imagedmoments/modified/count/${past}/${future}`)).json as {
      count: number;
    };
    t.is(count.count, modified.length);
    t.deepEqual((await http.get(`/anno/v1/imagedmoments/modified/count/${past}/20000102T000000Z`)).json, {
      count: 0,
    });
    t.deepEqual(
      (await http.get(`/anno/v1/imagedmoments/videoreference/modified/${s.video}/${future}`)).json,
      {
        video_reference_uuid: s.video,
        count: 3,
      },
    );
    const window = await http.post("/anno/v1/imagedmoments/windowrequest", {
      auth: false,
      json: {
        video_reference_uuids: [s.video],
        imaged_moment_uuid: s.a.imaged_moment_uuid,
        window_millis: 1000,
      },
    });
    t.is(window.status, 200);
    t.deepEqual(uuidsOf(window), [s.a.imaged_moment_uuid, s.b.imaged_moment_uuid].sort());
    const unknown = await http.post("/anno/v1/imagedmoments/windowrequest", {
      json: { video_reference_uuids: [s.video], imaged_moment_uuid: randomUUID(), window_millis: 1000 },
    });
    t.deepEqual(unknown.json, []);
  });
}
