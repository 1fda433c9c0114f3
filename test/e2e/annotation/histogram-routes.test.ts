import test from "ava";
import { BACKENDS } from "../../support/annotation/annotation-http-stack.js";
import { useFastDatasetStacks } from "../../support/annotation/fast-dataset-stacks.js";

const { stack, dataset } = useFastDatasetStacks(test);

interface Histogram<T> {
  query_constraints: Record<string, unknown>;
  content: { bins_min: T[]; bins_max: T[]; values: number[] };
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

for (const backend of BACKENDS) {
  const post = (path: string, json: unknown) =>
    stack(backend).http.post(`/anno/v1/histogram/${path}`, { json, auth: false });

  test(`${backend}: POST /v1/histogram/depth counts annotations per 50 m bin below 4000 m`, async (t) => {
    const { videoA, videoB } = dataset(backend);
    const reply = await post("depth", { video_reference_uuids: [videoA, videoB] });
    t.is(reply.status, 200);
    const histogram = reply.json as Histogram<number>;
    t.is(histogram.content.bins_min.length, 80);
    t.deepEqual(histogram.content.bins_min.slice(0, 3), [0, 50, 100]);
    t.deepEqual(histogram.content.bins_max.slice(0, 3), [50, 100, 150]);
    // Data: tag 1 at 100 m, tag 2 at 200 m, tags 4 and 5 (one moment) at 800 m; 3 and 6 have none.
    t.is(histogram.content.values[2], 1);
    t.is(histogram.content.values[4], 1);
    t.is(histogram.content.values[16], 2);
    t.is(sum(histogram.content.values), 4);
    t.deepEqual(histogram.query_constraints.video_reference_uuids, [videoA, videoB]);
    t.deepEqual(histogram.query_constraints.concepts, []);
  });

  test(`${backend}: POST /v1/histogram/depth?size=300 uses wider bins and the constraints`, async (t) => {
    const reply = await post("depth?size=300", { concepts: ["Aegina"] });
    const histogram = reply.json as Histogram<number>;
    t.is(histogram.content.bins_min.length, 14);
    t.deepEqual(histogram.content.values.slice(0, 3), [1, 0, 1]);
  });

  test(`${backend}: POST /v1/histogram/time counts annotations per day bin between the bounds`, async (t) => {
    const { videoA, videoB } = dataset(backend);
    const reply = await post("time?size=1", {
      videoReferenceUuids: [videoA, videoB],
      minTimestamp: "2020-01-01T00:00:00Z",
      maxTimestamp: "2020-01-04T00:00:00Z",
    });
    t.is(reply.status, 200);
    const histogram = reply.json as Histogram<string>;
    t.deepEqual(histogram.content.bins_min, [
      "2020-01-01T00:00:00Z",
      "2020-01-02T00:00:00Z",
      "2020-01-03T00:00:00Z",
    ]);
    t.deepEqual(histogram.content.bins_max, [
      "2020-01-02T00:00:00Z",
      "2020-01-03T00:00:00Z",
      "2020-01-04T00:00:00Z",
    ]);
    t.deepEqual(histogram.content.values, [3, 2, 1]);
  });

  test(`${backend}: POST /v1/histogram/time without bounds starts in 1987 and counts every annotation`, async (t) => {
    const { videoA, videoB } = dataset(backend);
    for (const size of [50, 100]) {
      const reply = await post(`time?size=${size}`, { video_reference_uuids: [videoA, videoB] });
      const histogram = reply.json as Histogram<string>;
      t.is(histogram.content.bins_min[0], "1987-01-01T00:00:00Z");
      t.is(sum(histogram.content.values), 6);
    }
  });

  test(`${backend}: histograms refuse a body without constraints and a bad size`, async (t) => {
    for (const path of ["depth", "time"]) {
      const empty = await post(path, {});
      t.is(empty.status, 400);
      t.is((empty.json as { responseCode: number }).responseCode, 400);
      t.is((await post(`${path}?size=0`, { concepts: ["Aegina"] })).status, 400);
      t.is((await post(`${path}?size=abc`, { concepts: ["Aegina"] })).status, 400);
    }
  });
}
