import { randomUUID } from "node:crypto";
import test from "ava";
import { compareText } from "../../../services/kit/sql/text-order.js";
import { BACKENDS, useAnnotationStacks } from "../../support/annotation/annotation-http-stack.js";
import { createAnnotation, createImage } from "../../support/annotation/moments-fixtures.js";

const stack = useAnnotationStacks(test);

type Datum = Record<string, unknown> & { uuid: string; imaged_moment_uuid: string };

for (const backend of BACKENDS) {
  test(`${backend}: POST /v1/ancillarydata creates (JSON or form) and the GETs find it`, async (t) => {
    const { http } = stack(backend);
    const video = randomUUID();
    const annotation = await createAnnotation(http, {
      video_reference_uuid: video,
      recorded_timestamp: "2021-05-06T07:08:09.000001Z",
    });
    const created = await http.post("/anno/v1/ancillarydata", {
      json: {
        imaged_moment_uuid: annotation.imaged_moment_uuid,
        latitude: 36.7,
        depth_meters: 25.345,
        crs: "EPSG:4326",
      },
    });
    t.is(created.status, 200);
    const datum = created.json as Datum;
    t.like(datum, {
      latitude: 36.7,
      depth_meters: 25.345,
      crs: "EPSG:4326",
      imaged_moment_uuid: annotation.imaged_moment_uuid,
      recorded_timestamp: "2021-05-06T07:08:09.000001Z",
    });
    t.false("longitude" in datum);
    t.like((await http.get(`/anno/v1/ancillarydata/${datum.uuid}`)).json, { latitude: 36.7 });
    t.like((await http.get(`/anno/v1/ancillarydata/imagedmoment/${annotation.imaged_moment_uuid}`)).json, {
      uuid: datum.uuid,
    });
    t.like((await http.get(`/anno/v1/ancillarydata/observation/${annotation.observation_uuid}`)).json, {
      uuid: datum.uuid,
    });
    const list = (await http.get(`/anno/v1/ancillarydata/videoreference/${video}`)).json as Datum[];
    t.deepEqual(
      list.map((d) => d.uuid),
      [datum.uuid],
    );
    const again = await http.post("/anno/v1/ancillarydata", {
      json: { imaged_moment_uuid: annotation.imaged_moment_uuid, latitude: 1 },
    });
    t.is(again.status, 409);
    const image = await createImage(http, { video_reference_uuid: video, elapsed_time_millis: 5 });
    const form = await http.post("/anno/v1/ancillarydata", {
      form: { imaged_moment_uuid: image.imaged_moment_uuid, longitude: "-122.5", oxygen_ml_l: "3.25" },
    });
    t.is(form.status, 200);
    t.like(form.json, { longitude: -122.5, oxygen_ml_l: 3.25 });
    t.is((await http.post("/anno/v1/ancillarydata", { json: { latitude: 1 } })).status, 400);
    t.is(
      (await http.post("/anno/v1/ancillarydata", { json: { imaged_moment_uuid: randomUUID() } })).status,
      404,
    );
    t.is((await http.get(`/anno/v1/ancillarydata/${randomUUID()}`)).status, 404);
    t.is((await http.get(`/anno/v1/ancillarydata/observation/${randomUUID()}`)).status, 404);
  });

  test(`${backend}: POST /v1/ancillarydata/bulk creates new data and merges into existing ones`, async (t) => {
    const { http } = stack(backend);
    const video = randomUUID();
    const moments = [];
    for (let i = 0; i < 4; i++) {
      moments.push(
        (await createImage(http, { video_reference_uuid: video, elapsed_time_millis: i })).imaged_moment_uuid,
      );
    }
    await http.post("/anno/v1/ancillarydata", {
      json: { imaged_moment_uuid: moments[0], depth_meters: 100 },
    });
    await http.post("/anno/v1/ancillarydata", {
      json: { imaged_moment_uuid: moments[1], depth_meters: 200 },
    });
    const bulk = await http.post("/anno/v1/ancillarydata/bulk", {
      json: moments.map((moment) => ({ imaged_moment_uuid: moment, latitude: 25.345 })),
    });
    t.is(bulk.status, 200);
    const data = bulk.json as Datum[];
    t.deepEqual(
      data.map((d) => d.imaged_moment_uuid),
      moments,
    );
    t.true(data.every((d) => d.latitude === 25.345));
    t.deepEqual(
      data.map((d) => d.depth_meters),
      [100, 200, undefined, undefined],
    );
    const bad = await http.post("/anno/v1/ancillarydata/bulk", { json: [{ latitude: 1 }] });
    t.is(bad.status, 400);
    t.regex((bad.json as { message: string }).message, /imaged_moment_uuid/);
  });

  test(`${backend}: PUT /v1/ancillarydata/merge matches data to the nearest recorded timestamp within the window`, async (t) => {
    const { http } = stack(backend);
    const video = randomUUID();
    const near = await createImage(http, {
      video_reference_uuid: video,
      recorded_timestamp: "2020-01-01T00:00:10Z",
    });
    const far = await createImage(http, {
      video_reference_uuid: video,
      recorded_timestamp: "2020-01-01T00:10:00Z",
    });
    const merged = await http.put(`/anno/v1/ancillarydata/merge/${video}?window=2000`, {
      json: [
        { recorded_timestamp: "2020-01-01T00:00:09Z", latitude: 1 },
        { recorded_timestamp: "2020-01-01T00:00:11.5Z", latitude: 2 },
        { latitude: 3 },
      ],
    });
    t.is(merged.status, 200);
    const data = merged.json as Datum[];
    t.is(data.length, 1);
    t.like(data[0], {
      imaged_moment_uuid: near.imaged_moment_uuid,
      latitude: 1,
      recorded_timestamp: "2020-01-01T00:00:10Z",
    });
    const wide = await http.put(`/anno/v1/ancillarydata/merge/${video}`, {
      json: [{ recorded_timestamp: "2020-01-01T00:09:55Z", longitude: 5 }],
    });
    t.deepEqual(
      (wide.json as Datum[]).map((d) => [d.imaged_moment_uuid, d.longitude]),
      [[far.imaged_moment_uuid, 5]],
    );
  });

  test(`${backend}: PUT /v1/ancillarydata/merge answers the merged data in the order of the moments' recorded time`, async (t) => {
    const { http } = stack(backend);
    const video = randomUUID();
    // Created later, recorded earlier: UUID order is the reverse of time order.
    const times = [
      "2020-01-01T00:05:00Z",
      "2020-01-01T00:04:00Z",
      "2020-01-01T00:03:00Z",
      "2020-01-01T00:02:00Z",
    ];
    const moments: { imaged_moment_uuid: string; recorded_timestamp: string }[] = [];
    for (const recorded_timestamp of times) {
      const image = await createImage(http, { video_reference_uuid: video, recorded_timestamp });
      moments.push({ imaged_moment_uuid: image.imaged_moment_uuid, recorded_timestamp });
    }
    const merged = await http.put(`/anno/v1/ancillarydata/merge/${video}?window=1000`, {
      json: times.map((recorded_timestamp, i) => ({ recorded_timestamp, depth_meters: i })),
    });
    t.is(merged.status, 200);
    const expected = [...moments]
      .sort((a, b) => compareText(a.recorded_timestamp, b.recorded_timestamp))
      .map((moment) => moment.imaged_moment_uuid);
    t.deepEqual(
      (merged.json as Datum[]).map((datum) => datum.imaged_moment_uuid),
      expected,
    );
  });

  test(`${backend}: PUT /v1/ancillarydata replaces every measurement and DELETE by video counts the rows`, async (t) => {
    const { http } = stack(backend);
    const video = randomUUID();
    const a = await createImage(http, { video_reference_uuid: video, elapsed_time_millis: 1 });
    const b = await createImage(http, { video_reference_uuid: video, elapsed_time_millis: 2 });
    const created = (
      await http.post("/anno/v1/ancillarydata", {
        json: { imaged_moment_uuid: a.imaged_moment_uuid, latitude: 10, longitude: 20 },
      })
    ).json as Datum;
    const replaced = await http.put(`/anno/v1/ancillarydata/${created.uuid}`, { json: { latitude: 11 } });
    t.is(replaced.status, 200);
    t.like(replaced.json, { latitude: 11 });
    t.false("longitude" in (replaced.json as Datum));
    t.like((await http.put(`/anno/v1/ancillarydata/${created.uuid}`, { form: { salinity: "34.5" } })).json, {
      salinity: 34.5,
    });
    t.is((await http.put(`/anno/v1/ancillarydata/${randomUUID()}`, { json: { latitude: 1 } })).status, 404);
    await http.post("/anno/v1/ancillarydata", { json: { imaged_moment_uuid: b.imaged_moment_uuid, z: 1 } });
    const deleted = await http.delete(`/anno/v1/ancillarydata/videoreference/${video}`);
    t.is(deleted.status, 200);
    t.deepEqual(deleted.json, { video_reference_uuid: video, count: 2 });
    t.deepEqual((await http.get(`/anno/v1/ancillarydata/videoreference/${video}`)).json, []);
    t.is((await http.delete(`/anno/v1/ancillarydata/videoreference/${video}`, { auth: false })).status, 401);
  });
}
