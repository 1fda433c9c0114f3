import test from "ava";
import { uuidV7 } from "../../../services/kit/ids/uuid.js";
import { firstObservation, seedMoment, uniqueName } from "../../support/annotation/observation-fixtures.js";
import { HTTP_BACKENDS, useObservationsStacks } from "../../support/annotation/observations-http-stack.js";

const stack = useObservationsStacks(test);
const BASE = "/anno/v1/observations";

interface ObservationJson {
  uuid: string;
  concept?: string;
  observer?: string;
  activity?: string;
  group?: string;
  duration_millis?: number;
  observation_timestamp: string;
}

for (const backend of HTTP_BACKENDS) {
  test(`${backend}: PUT /v1/observations/{uuid} by JSON and form; the timestamp becomes now when absent`, async (t) => {
    const { http, storage } = stack(backend);
    const seeded = await seedMoment(storage, {
      videoReferenceUuid: uuidV7(),
      elapsedTimeMillis: 1,
      observations: [{ concept: "a" }],
    });
    const uuid = firstObservation(seeded).observation.uuid;
    const viaJson = await http.put(`${BASE}/${uuid}`, {
      json: {
        concept: "b",
        observer: "me",
        activity: "transect",
        group: "ROV",
        duration_millis: 1500,
        observation_timestamp: "2024-05-06T07:08:09.123456Z",
      },
    });
    t.is(viaJson.status, 200);
    t.like(viaJson.json, {
      uuid,
      concept: "b",
      observer: "me",
      activity: "transect",
      group: "ROV",
      duration_millis: 1500,
      observation_timestamp: "2024-05-06T07:08:09.123456Z",
    });
    const before = Date.now();
    const viaForm = await http.put(`${BASE}/${uuid}`, { form: { concept: "c", durationMillis: 7 } });
    t.is(viaForm.status, 200);
    const json = viaForm.json as ObservationJson;
    t.like(json, { concept: "c", observer: "me", duration_millis: 7 });
    t.true(Date.parse(json.observation_timestamp) >= before - 1000);
    t.is((await http.put(`${BASE}/${uuid}`, { json: { concept: "d" }, auth: false })).status, 401);
    t.is((await http.put(`${BASE}/${uuidV7()}`, { json: { concept: "d" } })).status, 404);
    t.is((await http.put(`${BASE}/${uuid}`, { json: { imaged_moment_uuid: uuidV7() } })).status, 404);
    const blank = await http.put(`${BASE}/${uuid}`, { json: { concept: "" } });
    t.is(blank.status, 400);
    t.regex((blank.json as { message: string }).message, /concept/);
    t.is((await http.put(`${BASE}/${uuid}`, { json: { duration_millis: "long" } })).status, 400);
  });

  test(`${backend}: PUT /v1/observations/bulk (snake or camel) counts the observations changed`, async (t) => {
    const { http, storage } = stack(backend);
    const seeded = await seedMoment(storage, {
      videoReferenceUuid: uuidV7(),
      elapsedTimeMillis: 1,
      observations: [{ concept: "a" }, { concept: "b" }],
    });
    const uuids = seeded.observations.map((graph) => graph.observation.uuid);
    const snake = await http.put(`${BASE}/bulk`, {
      json: { observation_uuids: uuids, concept: "c", observer: "o", activity: "x", group: "g" },
    });
    t.deepEqual(snake.json, { count: 2 });
    const camel = await http.put(`${BASE}/bulk`, {
      json: { observationUuids: [...uuids, uuidV7()], group: "h" },
    });
    t.deepEqual(camel.json, { count: 2 });
    for (const uuid of uuids) {
      t.like((await http.get(`${BASE}/${uuid}`)).json, {
        concept: "c",
        observer: "o",
        activity: "x",
        group: "h",
      });
    }
    t.is((await http.put(`${BASE}/bulk`, { json: { observation_uuids: [] } })).status, 400);
    t.is((await http.put(`${BASE}/bulk`, { json: { observation_uuids: uuids }, auth: false })).status, 401);
  });

  test(`${backend}: PUT /v1/observations/concept/rename by JSON and form`, async (t) => {
    const { http, storage } = stack(backend);
    const concept = uniqueName("old");
    await seedMoment(storage, {
      videoReferenceUuid: uuidV7(),
      elapsedTimeMillis: 1,
      observations: [{ concept }, { concept }],
    });
    const renamed = uniqueName("new");
    const viaJson = await http.put(`${BASE}/concept/rename`, { json: { old: concept, new: renamed } });
    t.deepEqual(viaJson.json, { old_concept: concept, new_concept: renamed, count: 2 });
    const viaForm = await http.put(`${BASE}/concept/rename`, { form: { old: renamed, new: concept } });
    t.deepEqual(viaForm.json, { old_concept: renamed, new_concept: concept, count: 2 });
    t.is((await http.put(`${BASE}/concept/rename`, { form: { old: concept } })).status, 400);
    t.is(
      (await http.put(`${BASE}/concept/rename`, { form: { old: concept, new: "x" }, auth: false })).status,
      401,
    );
  });

  test(`${backend}: PUT /v1/observations/delete/duration/{uuid} removes the duration`, async (t) => {
    const { http, storage } = stack(backend);
    const seeded = await seedMoment(storage, {
      videoReferenceUuid: uuidV7(),
      elapsedTimeMillis: 1,
      observations: [{ concept: "a", durationMillis: 100 }],
    });
    const uuid = firstObservation(seeded).observation.uuid;
    const reply = await http.put(`${BASE}/delete/duration/${uuid}`);
    t.is(reply.status, 200);
    t.false("duration_millis" in (reply.json as object));
    t.is((await http.put(`${BASE}/delete/duration/${uuidV7()}`)).status, 404);
    t.is((await http.put(`${BASE}/delete/duration/${uuid}`, { auth: false })).status, 401);
  });

  test(`${backend}: DELETE /v1/observations/{uuid} and POST /delete answer 204 and drop emptied moments`, async (t) => {
    const { http, storage } = stack(backend);
    const video = uuidV7();
    const one = await seedMoment(storage, {
      videoReferenceUuid: video,
      elapsedTimeMillis: 1,
      observations: [{ concept: "a", associations: [{ linkName: "l", toConcept: "t", linkValue: "v" }] }],
    });
    const many = await seedMoment(storage, {
      videoReferenceUuid: video,
      elapsedTimeMillis: 2,
      observations: [{ concept: "b" }, { concept: "c" }],
    });
    const uuid = firstObservation(one).observation.uuid;
    t.is((await http.delete(`${BASE}/${uuid}`, { auth: false })).status, 401);
    const deleted = await http.delete(`${BASE}/${uuid}`);
    t.is(deleted.status, 204);
    t.is(deleted.text, "");
    t.is((await http.get(`${BASE}/${uuid}`)).status, 404);
    t.is((await http.delete(`${BASE}/${uuid}`)).status, 404);
    const uuids = many.observations.map((graph) => graph.observation.uuid);
    t.is((await http.post(`${BASE}/delete`, { json: uuids, auth: false })).status, 401);
    t.is((await http.post(`${BASE}/delete`, { json: [...uuids, uuidV7()] })).status, 204);
    t.deepEqual((await http.get(`${BASE}/videoreference/count/${video}`)).json, {
      video_reference_uuid: video,
      count: 0,
    });
    const moments: { n: number | string }[] = await storage.read((m) =>
      m.query("SELECT COUNT(*) AS n FROM imaged_moments WHERE video_reference_uuid = ?", [video]),
    );
    t.is(Number(moments[0]?.n), 0);
    const links: { n: number | string }[] = await storage.read((m) =>
      m.query("SELECT COUNT(*) AS n FROM associations WHERE observation_uuid = ?", [uuid]),
    );
    t.is(Number(links[0]?.n), 0);
    t.is((await http.post(`${BASE}/delete`, { json: ["nope"] })).status, 400);
  });
}
