import test from "ava";
import { BACKENDS } from "../../support/annotation/annotation-http-stack.js";
import { useFastDatasetStacks } from "../../support/annotation/fast-dataset-stacks.js";
import { type FastAnnotationJson, isSortedByObservation } from "../../support/annotation/fast-fixtures.js";

const { stack, dataset } = useFastDatasetStacks(test);

for (const backend of BACKENDS) {
  const list = async (path: string, options: { json?: unknown } = {}) => {
    const { http } = stack(backend);
    const reply =
      options.json === undefined ? await http.get(path) : await http.post(path, { ...options, auth: false });
    if (reply.status !== 200) throw new Error(`${path} answered ${reply.status}: ${reply.text}`);
    return reply.json as FastAnnotationJson[];
  };
  const tags = async (path: string, options: { json?: unknown } = {}) =>
    dataset(backend).tagsOf(await list(path, options));

  test(`${backend}: GET /v1/fast lists every annotation by observation UUID, paged, data on request`, async (t) => {
    const all = await list("/anno/v1/fast");
    t.is(all.length, 6);
    t.true(isSortedByObservation(all));
    t.false(all.some((annotation) => "ancillary_data" in annotation || "last_updated" in annotation));
    const page = await list("/anno/v1/fast?limit=2&offset=1");
    t.deepEqual(
      page.map((annotation) => annotation.observation_uuid),
      all.slice(1, 3).map((annotation) => annotation.observation_uuid),
    );
    const withData = await list("/anno/v1/fast?data=true");
    t.deepEqual(
      dataset(backend).tagsOf(withData.filter((annotation) => "ancillary_data" in annotation)),
      [1, 2, 4, 5],
    );
    t.deepEqual(await list("/anno/v1/fast?offset=6"), []);
  });

  test(`${backend}: a fast annotation is the core annotation without last-updated times`, async (t) => {
    const { http } = stack(backend);
    const { observation } = dataset(backend);
    const core = (await http.get(`/anno/v1/annotations/${observation(1)}`)).json as FastAnnotationJson;
    const fast = (await list("/anno/v1/fast/concept/Aegina?data=true")).find(
      (annotation) => annotation.observation_uuid === observation(1),
    );
    const { last_updated: _updated, ...withoutUpdate } = core;
    const expected = {
      ...withoutUpdate,
      associations: core.associations.map(({ last_updated_time: _time, ...association }) => association),
      image_references: core.image_references.map(({ last_updated_time: _time, ...image }) => image),
      ancillary_data: (({ last_updated_time: _time, ...datum }) => datum)(core.ancillary_data ?? {}),
    };
    t.deepEqual(fast, expected);
    t.like(expected, { concept: "Aegina", observer: "obs1", group: "ROV", activity: "transect" });
    t.like(expected.associations[0], { link_name: "eating", to_concept: "Nanomia", link_value: "nil" });
  });

  test(`${backend}: GET /v1/fast/videoreference lists one video's annotations, paged, with data on request`, async (t) => {
    const { videoA, videoB } = dataset(backend);
    t.deepEqual(await tags(`/anno/v1/fast/videoreference/${videoA}`), [1, 2, 3]);
    t.deepEqual(await tags(`/anno/v1/fast/videoreference/${videoB}?limit=10&offset=0`), [4, 5, 6]);
    const page = await list(`/anno/v1/fast/videoreference/${videoB}?limit=1&offset=2`);
    t.is(page.length, 1);
    const withData = await list(`/anno/v1/fast/videoreference/${videoB}?data=true`);
    t.deepEqual(dataset(backend).tagsOf(withData.filter((annotation) => annotation.ancillary_data)), [4, 5]);
    const bad = await stack(backend).http.get("/anno/v1/fast/videoreference/not-a-uuid");
    t.is(bad.status, 400);
    t.deepEqual(await list("/anno/v1/fast/videoreference/00000000-0000-0000-0000-000000000000"), []);
  });

  test(`${backend}: GET /v1/fast/concept and concept/images select by the observation's concept`, async (t) => {
    t.deepEqual(await tags("/anno/v1/fast/concept/Aegina"), [1, 3, 5]);
    const all = await list("/anno/v1/fast/concept/Aegina");
    const page = await list("/anno/v1/fast/concept/Aegina?limit=2&offset=1");
    t.deepEqual(
      page.map((annotation) => annotation.observation_uuid),
      all.slice(1, 3).map((annotation) => annotation.observation_uuid),
    );
    t.deepEqual(await tags("/anno/v1/fast/concept/images/Aegina"), [1, 3, 5]);
    t.deepEqual(await tags("/anno/v1/fast/concept/images/Nanomia"), []);
    t.deepEqual(await tags("/anno/v1/fast/concept/Bathochordaeus?data=true"), [4]);
    t.deepEqual(await tags("/anno/v1/fast/concept/Unknown"), []);
  });

  test(`${backend}: GET /v1/fast/toconcept/images selects by an association's to_concept, with images`, async (t) => {
    t.deepEqual(await tags("/anno/v1/fast/toconcept/images/Nanomia"), [1]);
    t.deepEqual(await tags("/anno/v1/fast/toconcept/images/Aegina"), [], "its moment has no image");
    t.deepEqual(await tags("/anno/v1/fast/toconcept/images/self?data=true"), [4]);
  });

  test(`${backend}: GET /v1/fast/imagedmoments lists moments with images by recorded timestamp`, async (t) => {
    const { http } = stack(backend);
    const { moment } = dataset(backend);
    const byConcept = await http.get("/anno/v1/fast/imagedmoments/concept/images/Aegina");
    t.deepEqual(byConcept.json, [moment(1), moment(3), moment(5)]);
    const paged = await http.get("/anno/v1/fast/imagedmoments/concept/images/Aegina?limit=1&offset=1");
    t.deepEqual(paged.json, [moment(3)]);
    t.deepEqual((await http.get("/anno/v1/fast/imagedmoments/concept/images/Nanomia")).json, []);
    const byToConcept = await http.get("/anno/v1/fast/imagedmoments/toconcept/images/Nanomia");
    t.deepEqual(byToConcept.json, [moment(1)]);
    t.deepEqual((await http.get("/anno/v1/fast/imagedmoments/toconcept/images/Aegina")).json, []);
  });

  test(`${backend}: GET /v1/fast/details lists every annotation of the moments holding the link`, async (t) => {
    t.deepEqual(await tags("/anno/v1/fast/details/eating/nil"), [1, 6]);
    t.deepEqual(
      await tags("/anno/v1/fast/details/surface-color/red"),
      [4, 5],
      "both observations of the moment",
    );
    const withData = await list("/anno/v1/fast/details/surface-color/red?data=true");
    t.true(withData.every((annotation) => annotation.ancillary_data?.depth_meters === 800));
    t.deepEqual(await tags("/anno/v1/fast/details/surface-color/blue"), []);
  });

  test(`${backend}: GET /v1/fast/images lists and counts a video's images by recorded timestamp`, async (t) => {
    const { http } = stack(backend);
    const { videoA, moment } = dataset(backend);
    const images = (await http.get(`/anno/v1/fast/images/videoreference/${videoA}`)).json as Record<
      string,
      unknown
    >[];
    t.is(images.length, 2);
    t.like(images[0], { imaged_moment_uuid: moment(1), video_reference_uuid: videoA, format: "image/png" });
    t.like(images[1], { imaged_moment_uuid: moment(3), recorded_timestamp: "2020-01-01T00:02:00Z" });
    t.regex(String(images[0]?.url), /a1\.png$/);
    t.regex(String(images[0]?.image_reference_uuid), /^[0-9a-f-]{36}$/);
    const page = (await http.get(`/anno/v1/fast/images/videoreference/${videoA}?limit=1&offset=1`)).json;
    t.deepEqual(page, [images[1]]);
    t.deepEqual((await http.get(`/anno/v1/fast/images/count/videoreference/${videoA}`)).json, { count: 2 });
    const none = "00000000-0000-0000-0000-000000000000";
    t.deepEqual((await http.get(`/anno/v1/fast/images/count/videoreference/${none}`)).json, { count: 0 });
  });

  test(`${backend}: POST /v1/fast/concurrent lists the videos' annotations within an inclusive time range`, async (t) => {
    const { videoA, videoB } = dataset(backend);
    const body = {
      start_timestamp: "2020-01-01T00:00:00Z",
      end_timestamp: "2020-01-02T00:00:00Z",
      video_reference_uuids: [videoA, videoB],
    };
    t.deepEqual(await tags("/anno/v1/fast/concurrent", { json: body }), [1, 2, 3, 4, 5]);
    t.is((await list("/anno/v1/fast/concurrent?limit=2&offset=0", { json: body })).length, 2);
    const withData = await list("/anno/v1/fast/concurrent?data=true", {
      json: { ...body, video_reference_uuids: [videoB] },
    });
    t.true(withData.every((annotation) => annotation.ancillary_data?.depth_meters === 800));
    const missing = await stack(backend).http.post("/anno/v1/fast/concurrent", {
      json: { video_reference_uuids: [videoA] },
      auth: false,
    });
    t.is(missing.status, 400);
  });

  test(`${backend}: POST /v1/fast/multi lists the videos' annotations, paged`, async (t) => {
    const { videoA, videoB } = dataset(backend);
    t.deepEqual(await tags("/anno/v1/fast/multi", { json: { video_reference_uuids: [videoB] } }), [4, 5, 6]);
    const all = await list("/anno/v1/fast/multi", { json: { video_reference_uuids: [videoA, videoB] } });
    const page = await list("/anno/v1/fast/multi?limit=3&offset=2", {
      json: { video_reference_uuids: [videoA, videoB] },
    });
    t.deepEqual(
      page.map((annotation) => annotation.observation_uuid),
      all.slice(2, 5).map((annotation) => annotation.observation_uuid),
    );
    const empty = await stack(backend).http.post("/anno/v1/fast/multi", {
      json: { video_reference_uuids: [] },
      auth: false,
    });
    t.is(empty.status, 400);
  });
}
