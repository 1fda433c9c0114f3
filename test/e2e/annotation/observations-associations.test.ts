import test from "ava";
import { uuidV7 } from "../../../services/kit/ids/uuid.js";
import { firstObservation, seedMoment, uniqueName } from "../../support/annotation/observation-fixtures.js";
import { HTTP_BACKENDS, useObservationsStacks } from "../../support/annotation/observations-http-stack.js";

const stack = useObservationsStacks(test);
const BASE = "/anno/v1/associations";

interface AssociationJson {
  uuid: string;
  link_name: string;
  to_concept?: string;
  link_value?: string;
  mime_type: string;
  last_updated_time: string;
  observation_uuid?: string;
  imaged_moment_uuid?: string;
}

for (const backend of HTTP_BACKENDS) {
  test(`${backend}: POST /v1/associations by JSON and form, then GET /v1/associations/{uuid}`, async (t) => {
    const { http, storage } = stack(backend);
    const seeded = await seedMoment(storage, {
      videoReferenceUuid: uuidV7(),
      timecode: "01:00:00:00",
      observations: [{ concept: "a" }],
    });
    const observationUuid = firstObservation(seeded).observation.uuid;
    const viaJson = await http.post(BASE, {
      json: {
        observation_uuid: observationUuid,
        link_name: "eating",
        to_concept: "b",
        link_value: "nil",
        uuid: uuidV7(),
      },
    });
    t.is(viaJson.status, 200);
    const created = viaJson.json as AssociationJson;
    t.like(created, {
      link_name: "eating",
      to_concept: "b",
      link_value: "nil",
      mime_type: "text/plain",
      observation_uuid: observationUuid,
      imaged_moment_uuid: seeded.imagedMomentUuid,
    });
    t.deepEqual((await http.get(`${BASE}/${created.uuid}`)).json, created);
    const viaForm = await http.post(BASE, {
      form: {
        observation_uuid: observationUuid,
        link_name: "comment",
        to_concept: "self",
        link_value: "a note",
        mime_type: "text/x-note",
      },
    });
    t.like(viaForm.json, { link_name: "comment", link_value: "a note", mime_type: "text/x-note" });
    const missingObservation = await http.post(BASE, {
      json: { link_name: "l", to_concept: "t", link_value: "v" },
    });
    t.is(missingObservation.status, 400);
    t.regex((missingObservation.json as { message: string }).message, /observation_uuid/);
    const unknown = await http.post(BASE, {
      json: { observation_uuid: uuidV7(), link_name: "l", to_concept: "t", link_value: "v" },
    });
    t.is(unknown.status, 404);
    t.is((await http.post(BASE, { json: { observation_uuid: observationUuid }, auth: false })).status, 401);
    t.is((await http.get(`${BASE}/${uuidV7()}`)).status, 404);
  });

  test(`${backend}: PUT /v1/associations/{uuid} partially, by JSON and form, and moves it`, async (t) => {
    const { http, storage } = stack(backend);
    const seeded = await seedMoment(storage, {
      videoReferenceUuid: uuidV7(),
      elapsedTimeMillis: 1,
      observations: [
        { concept: "a", associations: [{ linkName: "l", toConcept: "t", linkValue: "v" }] },
        { concept: "b" },
      ],
    });
    const uuid = firstObservation(seeded).associations[0]?.uuid ?? "";
    const other = seeded.observations[1]?.observation.uuid;
    t.like((await http.put(`${BASE}/${uuid}`, { json: { link_name: "m" } })).json, {
      link_name: "m",
      to_concept: "t",
      link_value: "v",
    });
    t.like(
      (await http.put(`${BASE}/${uuid}`, { form: { link_value: "w", observation_uuid: other ?? "" } })).json,
      {
        link_name: "m",
        link_value: "w",
        observation_uuid: other,
      },
    );
    t.is((await http.put(`${BASE}/${uuid}`, { json: { to_concept: "u" }, auth: false })).status, 401);
    t.is((await http.put(`${BASE}/${uuidV7()}`, { json: { to_concept: "u" } })).status, 404);
  });

  test(`${backend}: PUT /v1/associations/bulk overwrites the listed associations and returns them`, async (t) => {
    const { http, storage } = stack(backend);
    const seeded = await seedMoment(storage, {
      videoReferenceUuid: uuidV7(),
      elapsedTimeMillis: 1,
      observations: [
        {
          concept: "a",
          associations: [
            { linkName: "1", toConcept: "t", linkValue: "v" },
            { linkName: "2", toConcept: "t", linkValue: "v" },
          ],
        },
      ],
    });
    const graph = firstObservation(seeded);
    const [one, two] = graph.associations.map((a) => a.uuid);
    const reply = await http.put(`${BASE}/bulk`, {
      json: [
        { uuid: one, link_name: "x", to_concept: "y", link_value: "z" },
        { uuid: two, link_name: "x2", to_concept: "y2", link_value: "z2", mime_type: "text/x" },
        { link_name: "skipped", to_concept: "y", link_value: "z" },
      ],
    });
    t.is(reply.status, 200);
    const updated = reply.json as AssociationJson[];
    t.deepEqual(
      updated.map((a) => [a.uuid, a.link_name, a.mime_type, a.observation_uuid]),
      [
        [one, "x", "text/plain", graph.observation.uuid],
        [two, "x2", "text/x", graph.observation.uuid],
      ].sort((a, b) => ((a[0] ?? "") < (b[0] ?? "") ? -1 : 1)),
    );
    const incomplete = await http.put(`${BASE}/bulk`, { json: [{ uuid: one, link_name: "x" }] });
    t.is(incomplete.status, 400);
    t.regex((incomplete.json as { message: string }).message, /to_concept/);
    t.is((await http.put(`${BASE}/bulk`, { json: [], auth: false })).status, 401);
  });

  test(`${backend}: DELETE /v1/associations/{uuid} and POST /v1/associations/delete answer 204`, async (t) => {
    const { http, storage } = stack(backend);
    const seeded = await seedMoment(storage, {
      videoReferenceUuid: uuidV7(),
      elapsedTimeMillis: 1,
      observations: [
        {
          concept: "a",
          associations: [
            { linkName: "1", toConcept: "t", linkValue: "v" },
            { linkName: "2", toConcept: "t", linkValue: "v" },
            { linkName: "3", toConcept: "t", linkValue: "v" },
          ],
        },
      ],
    });
    const [one, two, three] = firstObservation(seeded).associations.map((a) => a.uuid);
    t.is((await http.delete(`${BASE}/${one}`, { auth: false })).status, 401);
    t.is((await http.delete(`${BASE}/${one}`)).status, 204);
    t.is((await http.get(`${BASE}/${one}`)).status, 404);
    t.is((await http.delete(`${BASE}/${one}`)).status, 404);
    t.is((await http.post(`${BASE}/delete`, { json: [two, three, uuidV7()] })).status, 204);
    t.is((await http.get(`${BASE}/${two}`)).status, 404);
    const empty = await http.post(`${BASE}/delete`, { json: [] });
    t.is(empty.status, 400);
    t.deepEqual(empty.json, { message: "uuids is required", responseCode: 400 });
    t.is((await http.post(`${BASE}/delete`, { json: [two], auth: false })).status, 401);
  });

  test(`${backend}: GET by video and link name, POST conceptassociations, to-concept count and rename`, async (t) => {
    const { http, storage } = stack(backend);
    const video = uuidV7();
    const prey = uniqueName("prey");
    await seedMoment(storage, {
      videoReferenceUuid: video,
      elapsedTimeMillis: 1,
      observations: [
        { concept: "squid", associations: [{ linkName: "eating", toConcept: prey, linkValue: "nil" }] },
        { concept: "fish", associations: [{ linkName: "eating", toConcept: "self", linkValue: "nil" }] },
      ],
    });
    const byLink = (await http.get(`${BASE}/${video}/eating`)).json as AssociationJson[];
    t.is(byLink.length, 2);
    t.false("observation_uuid" in (byLink[0] ?? {}));
    const squid = (await http.get(`${BASE}/${video}/eating?concept=squid`)).json as AssociationJson[];
    t.deepEqual(
      squid.map((a) => a.to_concept),
      [prey],
    );
    t.deepEqual((await http.get(`${BASE}/${video}/eating?concept=whale`)).json, []);
    for (const body of [
      { video_reference_uuids: [video], link_name: "eating" },
      { videoReferenceUuids: [video], linkName: "eating" },
    ]) {
      const reply = await http.post(`${BASE}/conceptassociations`, { json: body, auth: false });
      t.is(reply.status, 200);
      const json = reply.json as {
        concept_association_request: unknown;
        concept_associations: { concept: string; video_reference_uuid: string; link_name: string }[];
      };
      t.deepEqual(json.concept_association_request, { video_reference_uuids: [video], link_name: "eating" });
      t.deepEqual(json.concept_associations.map((row) => row.concept).sort(), ["fish", "squid"]);
      t.true(json.concept_associations.every((row) => row.video_reference_uuid === video));
    }
    t.deepEqual((await http.get(`${BASE}/toconcept/count/${prey}`)).json, { concept: prey, count: 1 });
    const renamed = uniqueName("food");
    t.deepEqual((await http.put(`${BASE}/toconcept/rename`, { json: { old: prey, new: renamed } })).json, {
      old_concept: prey,
      new_concept: renamed,
      count: 1,
    });
    t.deepEqual((await http.put(`${BASE}/toconcept/rename`, { form: { old: renamed, new: prey } })).json, {
      old_concept: renamed,
      new_concept: prey,
      count: 1,
    });
    t.is(
      (await http.put(`${BASE}/toconcept/rename`, { json: { old: prey, new: "x" }, auth: false })).status,
      401,
    );
    t.is((await http.get(`${BASE}/not-a-uuid/eating`)).status, 400);
  });
}
