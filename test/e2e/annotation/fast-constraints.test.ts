import test from "ava";
import { BACKENDS } from "../../support/annotation/annotation-http-stack.js";
import { useFastDatasetStacks } from "../../support/annotation/fast-dataset-stacks.js";
import { type FastAnnotationJson, isSortedByObservation } from "../../support/annotation/fast-fixtures.js";

const { stack, dataset } = useFastDatasetStacks(test);

interface ConstrainedReply {
  query_constraints: Record<string, unknown>;
  content: FastAnnotationJson[];
}

for (const backend of BACKENDS) {
  const query = async (constraints: unknown) => {
    const reply = await stack(backend).http.post("/anno/v1/fast", { json: constraints, auth: false });
    if (reply.status !== 200) throw new Error(`POST /v1/fast answered ${reply.status}: ${reply.text}`);
    return reply.json as ConstrainedReply;
  };
  const tags = async (constraints: unknown) => {
    const reply = await query(constraints);
    return dataset(backend).tagsOf(reply.content);
  };

  test(`${backend}: POST /v1/fast selects by each constraint of the known data set`, async (t) => {
    const { videoA, videoB } = dataset(backend);
    t.deepEqual(await tags({ concepts: ["Aegina"] }), [1, 3, 5, 6], "concept or to_concept");
    t.deepEqual(await tags({ concepts: ["Nanomia"] }), [1, 2, 6]);
    t.deepEqual(await tags({ concepts: ["Aegina", "Bathochordaeus"] }), [1, 3, 4, 5, 6]);
    t.deepEqual(await tags({ video_reference_uuids: [videoB] }), [4, 5, 6]);
    t.deepEqual(await tags({ observers: ["obs2", "obs3"] }), [2, 3, 5]);
    t.deepEqual(await tags({ groups: ["ROV"] }), [1, 2]);
    t.deepEqual(await tags({ activities: ["transect"] }), [1]);
    t.deepEqual(await tags({ mission_contacts: ["bob"] }), [4, 5, 6]);
    t.deepEqual(await tags({ platform_name: "Ventana" }), [1, 2, 3]);
    t.deepEqual(await tags({ mission_id: "T1" }), [4, 5, 6]);
    t.deepEqual(await tags({ min_depth: 150, max_depth: 800 }), [2], "max is exclusive");
    t.deepEqual(await tags({ min_depth: 150 }), [2, 4, 5]);
    t.deepEqual(await tags({ min_lat: 36.5 }), [1, 2]);
    t.deepEqual(await tags({ max_lon: -122.0 }), [2]);
    t.deepEqual(
      await tags({ min_timestamp: "2020-01-01T00:01:00Z", max_timestamp: "2020-01-02T00:00:00Z" }),
      [2, 3],
    );
    t.deepEqual(await tags({ link_name: "eating" }), [1, 6]);
    t.deepEqual(await tags({ link_name: "surface-color", link_value: "red" }), [4]);
    t.deepEqual(await tags({ link_value: "nil" }), [1, 6]);
    t.deepEqual(await tags({ video_reference_uuids: [videoA, videoB] }), [1, 2, 3, 4, 5, 6]);
  });

  test(`${backend}: POST /v1/fast ANDs constraints, a concept and a link on the same association`, async (t) => {
    const { videoA } = dataset(backend);
    t.deepEqual(await tags({ concepts: ["Aegina"], link_name: "eating" }), [1, 6]);
    t.deepEqual(await tags({ concepts: ["Nanomia"], link_name: "eating" }), [1, 6]);
    t.deepEqual(await tags({ concepts: ["Bathochordaeus"], link_name: "eating" }), []);
    t.deepEqual(await tags({ video_reference_uuids: [videoA], observers: ["obs2"] }), [2, 3]);
    t.deepEqual(await tags({ concepts: ["Aegina"], mission_contacts: ["bob"] }), [5, 6]);
    t.deepEqual(await tags({ concepts: ["Aegina"], min_depth: 0 }), [1, 5]);
    t.deepEqual(await tags({ platform_name: "Ventana", groups: ["ROV"], max_depth: 150 }), [1]);
    t.deepEqual(await tags({ mission_id: "T1", groups: ["ROV"] }), []);
  });

  test(`${backend}: POST /v1/fast reads camelCase constraints and echoes them in snake_case`, async (t) => {
    const { videoA } = dataset(backend);
    const reply = await query({ videoReferenceUuids: [videoA], minDepth: 150, missionContacts: ["alice"] });
    t.deepEqual(dataset(backend).tagsOf(reply.content), [2]);
    t.deepEqual(reply.query_constraints, {
      video_reference_uuids: [videoA],
      concepts: [],
      observers: [],
      groups: [],
      activities: [],
      mission_contacts: ["alice"],
      min_depth: 150,
    });
    const snake = await query({ video_reference_uuids: [videoA], limit: 2, offset: 0, data: true });
    t.like(snake.query_constraints, { limit: 2, offset: 0, data: true });
  });

  test(`${backend}: POST /v1/fast pages by observation UUID and attaches data only when asked`, async (t) => {
    const { videoA, videoB } = dataset(backend);
    const all = (await query({ video_reference_uuids: [videoA, videoB] })).content;
    t.true(isSortedByObservation(all));
    t.is(all.length, 6);
    const page = (await query({ video_reference_uuids: [videoA, videoB], limit: 2, offset: 3 })).content;
    t.deepEqual(
      page.map((annotation) => annotation.observation_uuid),
      all.slice(3, 5).map((annotation) => annotation.observation_uuid),
    );
    t.false(all.some((annotation) => "ancillary_data" in annotation));
    const withData = (await query({ video_reference_uuids: [videoA], data: true })).content;
    const first = withData.find((annotation) => annotation.duration_millis === 1);
    t.deepEqual(first?.ancillary_data, {
      depth_meters: 100,
      latitude: 36.5,
      longitude: -122,
      uuid: first?.ancillary_data?.uuid,
    });
    t.false(
      withData.some((annotation) => annotation.duration_millis === 3 && "ancillary_data" in annotation),
    );
  });

  test(`${backend}: POST /v1/fast without a real constraint is a 400`, async (t) => {
    const { http } = stack(backend);
    for (const body of [
      {},
      { limit: 10, offset: 0, data: true },
      { concepts: [], videoReferenceUuids: [] },
    ]) {
      const reply = await http.post("/anno/v1/fast", { json: body, auth: false });
      t.is(reply.status, 400, JSON.stringify(body));
      t.regex((reply.json as { message: string }).message, /constraint/);
    }
    const badUuid = await http.post("/anno/v1/fast", {
      json: { video_reference_uuids: ["nope"] },
      auth: false,
    });
    t.is(badUuid.status, 400);
    const negative = await http.post("/anno/v1/fast", {
      json: { concepts: ["Aegina"], limit: -1 },
      auth: false,
    });
    t.is(negative.status, 400);
  });

  test(`${backend}: POST /v1/fast/count counts the matching observations, GET /v1/fast/count every one`, async (t) => {
    const { http } = stack(backend);
    const counted = await http.post("/anno/v1/fast/count", { json: { concepts: ["Aegina"] }, auth: false });
    t.is(counted.status, 200);
    t.like(counted.json, { content: { count: 4 }, query_constraints: { concepts: ["Aegina"] } });
    const camel = await http.post("/anno/v1/fast/count", {
      json: { missionContacts: ["bob"], minTimestamp: "2020-01-02T00:00:00Z" },
      auth: false,
    });
    t.like(camel.json, { content: { count: 3 } });
    const none = await http.post("/anno/v1/fast/count", { json: {}, auth: false });
    t.is(none.status, 400);
    const total = await http.get("/anno/v1/fast/count");
    t.deepEqual(total.json, { count: 6 });
  });

  test(`${backend}: POST /v1/fast/georange gives the range of positions and depths, 404 when none`, async (t) => {
    const { http } = stack(backend);
    const { videoA, videoB } = dataset(backend);
    const reply = await http.post("/anno/v1/fast/georange", {
      json: { videoReferenceUuids: [videoA, videoB] },
      auth: false,
    });
    t.is(reply.status, 200);
    t.deepEqual((reply.json as { content: unknown }).content, {
      min_latitude: 35,
      max_latitude: 36.6,
      min_longitude: -122.1,
      max_longitude: -121,
      min_depth_meters: 100,
      max_depth_meters: 800,
    });
    const snake = await http.post("/anno/v1/fast/georange", {
      json: { video_reference_uuids: [videoA] },
      auth: false,
    });
    t.like(snake.json, { content: { min_depth_meters: 100, max_depth_meters: 200 } });
    const empty = await http.post("/anno/v1/fast/georange", {
      json: { concepts: ["Aegina"], observers: ["obs2"] },
      auth: false,
    });
    t.is(empty.status, 404);
  });

  test(`${backend}: SQL in constraint values is bound as data: no match, nothing changed`, async (t) => {
    const { http } = stack(backend);
    const attacks = ["x' OR '1'='1", "Aegina') OR 1=1 --", "'; DELETE FROM observations; --", "\\' OR 1=1 #"];
    for (const attack of attacks) {
      t.deepEqual(await tags({ concepts: [attack] }), [], attack);
      t.deepEqual(await tags({ observers: [attack], link_name: attack, platform_name: attack }), [], attack);
      const path = await http.get(`/anno/v1/fast/concept/${encodeURIComponent(attack)}`);
      t.is(path.status, 200);
      t.deepEqual(path.json, []);
    }
    const injectedUuid = await http.post("/anno/v1/fast", {
      json: { video_reference_uuids: ["00000000-0000-0000-0000-000000000000' OR 1=1 --"] },
      auth: false,
    });
    t.is(injectedUuid.status, 400);
    t.deepEqual((await http.get("/anno/v1/fast/count")).json, { count: 6 });
  });
}
