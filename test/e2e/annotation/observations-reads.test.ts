import test from "ava";
import { uuidV7 } from "../../../services/kit/ids/uuid.js";
import { Instant } from "../../../services/kit/time/instant.js";
import { firstObservation, seedMoment, uniqueName } from "../../support/annotation/observation-fixtures.js";
import { HTTP_BACKENDS, useObservationsStacks } from "../../support/annotation/observations-http-stack.js";

const stack = useObservationsStacks(test);
const BASE = "/anno/v1/observations";

function at(text: string): Instant {
  const instant = Instant.parse(text);
  if (!instant) throw new Error(text);
  return instant;
}

interface ObservationJson {
  uuid: string;
  concept?: string;
  observer?: string;
  activity?: string;
  group?: string;
  duration_millis?: number;
  observation_timestamp: string;
  last_updated_time: string;
  associations: { uuid: string; link_name: string; observation_uuid?: string }[];
}

for (const backend of HTTP_BACKENDS) {
  test(`${backend}: GET /v1/observations/{uuid}, /association/{uuid}, /videoreference/{uuid} in snake_case`, async (t) => {
    const { http, storage } = stack(backend);
    const video = uuidV7();
    const seeded = await seedMoment(storage, {
      videoReferenceUuid: video,
      elapsedTimeMillis: 10,
      observations: [
        {
          concept: "Nanomia bijuga",
          observer: "me",
          associations: [{ linkName: "eating", toConcept: "x", linkValue: "nil" }],
        },
        { concept: "b" },
      ],
    });
    const graph = firstObservation(seeded);
    const reply = await http.get(`${BASE}/${graph.observation.uuid}`);
    t.is(reply.status, 200);
    const json = reply.json as ObservationJson;
    t.like(json, { uuid: graph.observation.uuid, concept: "Nanomia bijuga", observer: "me" });
    t.false("group" in json);
    t.false("duration_millis" in json);
    t.regex(json.observation_timestamp, /Z$/);
    t.deepEqual(Object.keys(json.associations[0] ?? {}).sort(), [
      "last_updated_time",
      "link_name",
      "link_value",
      "mime_type",
      "to_concept",
      "uuid",
    ]);
    const owner = await http.get(`${BASE}/association/${graph.associations[0]?.uuid}`);
    t.deepEqual(owner.json, json);
    const listed = await http.get(`${BASE}/videoreference/${video}`);
    t.deepEqual(
      (listed.json as ObservationJson[]).map((o) => o.uuid),
      seeded.observations.map((o) => o.observation.uuid).sort(),
    );
    const page = await http.get(`${BASE}/videoreference/${video}?limit=1&offset=1`);
    t.is((page.json as unknown[]).length, 1);
    t.deepEqual((await http.get(`${BASE}/videoreference/${uuidV7()}`)).json, []);
    const missing = await http.get(`${BASE}/${uuidV7()}`);
    t.is(missing.status, 404);
    t.deepEqual(missing.json, { message: "Not found", responseCode: 404 });
    t.is((await http.get(`${BASE}/association/${uuidV7()}`)).status, 404);
    const bad = await http.get(`${BASE}/not-a-uuid`);
    t.is(bad.status, 400);
    t.regex((bad.json as { message: string }).message, /uuid/);
  });

  test(`${backend}: GET activities, groups, concepts, concepts of a video, concept counts`, async (t) => {
    const { http, storage } = stack(backend);
    const video = uuidV7();
    const concept = uniqueName("Grimpoteuthis sp");
    const activity = uniqueName("transect");
    const group = uniqueName("ROV");
    await seedMoment(storage, {
      videoReferenceUuid: video,
      elapsedTimeMillis: 1,
      observations: [{ concept, activity, group }, { concept: "other" }],
      imageUrls: [`http://example.org/${uniqueName("i")}.png`],
    });
    await seedMoment(storage, {
      videoReferenceUuid: video,
      elapsedTimeMillis: 2,
      observations: [{ concept }],
    });
    t.true(((await http.get(`${BASE}/activities`)).json as string[]).includes(activity));
    t.true(((await http.get(`${BASE}/groups`)).json as string[]).includes(group));
    const all = (await http.get(`${BASE}/concepts`)).json as string[];
    t.true(all.includes(concept));
    t.deepEqual(all, [...all].sort());
    t.deepEqual((await http.get(`${BASE}/concepts/${video}`)).json, [concept, "other"].sort());
    const path = encodeURIComponent(concept);
    t.deepEqual((await http.get(`${BASE}/concept/count/${path}`)).json, { concept, count: 2 });
    t.deepEqual((await http.get(`${BASE}/concept/images/count/${path}`)).json, { concept, count: 1 });
    t.deepEqual((await http.get(`${BASE}/concept/count/nothing-like-this`)).json, {
      concept: "nothing-like-this",
      count: 0,
    });
  });

  test(`${backend}: GET /videoreference/count/{uuid} with and without start and end, and /counts`, async (t) => {
    const { http, storage } = stack(backend);
    const video = uuidV7();
    await seedMoment(storage, {
      videoReferenceUuid: video,
      recordedTimestamp: at("2024-01-01T00:00:00Z"),
      observations: [{ concept: "a" }],
    });
    await seedMoment(storage, {
      videoReferenceUuid: video,
      recordedTimestamp: at("2024-02-01T00:00:00.123456Z"),
      observations: [{ concept: "b" }, { concept: "c" }],
    });
    const empty = uuidV7();
    await seedMoment(storage, { videoReferenceUuid: empty, elapsedTimeMillis: 5, observations: [] });
    t.deepEqual((await http.get(`${BASE}/videoreference/count/${video}`)).json, {
      video_reference_uuid: video,
      count: 3,
    });
    const ranged = await http.get(
      `${BASE}/videoreference/count/${video}?start=20240115T000000Z&end=2024-02-01T00:00:00.123456Z`,
    );
    t.deepEqual(ranged.json, { video_reference_uuid: video, count: 2 });
    const unknown = uuidV7();
    t.deepEqual((await http.get(`${BASE}/videoreference/count/${unknown}`)).json, {
      video_reference_uuid: unknown,
      count: 0,
    });
    t.is((await http.get(`${BASE}/videoreference/count/${video}?start=yesterday&end=today`)).status, 400);
    const counts = (await http.get(`${BASE}/counts`)).json as {
      video_reference_uuid: string;
      count: number;
    }[];
    t.deepEqual(
      counts.filter((row) => row.video_reference_uuid === video || row.video_reference_uuid === empty),
      [
        { video_reference_uuid: video, count: 3 },
        { video_reference_uuid: empty, count: 0 },
      ].sort((a, b) => (a.video_reference_uuid < b.video_reference_uuid ? -1 : 1)),
    );
  });
}
