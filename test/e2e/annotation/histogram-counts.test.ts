/**
 * The histograms whose only constraint is the depth or the time range read the counts kept per
 * metre and per day (histogram-counts.sql.ts). After every kind of write that moves an
 * annotation's depth or day, they must answer what the join over the annotations answers
 * (the same histogram constrained by the test's videos, which holds every annotation here).
 */
import { randomUUID } from "node:crypto";
import test, { type ExecutionContext } from "ava";
import type { HttpClient } from "../../../tools/dev/fixtures/http-client.js";
import { BACKENDS, useAnnotationStacks } from "../../support/annotation/annotation-http-stack.js";
import { createAnnotation } from "../../support/annotation/moments-fixtures.js";

const stack = useAnnotationStacks(test);

/** Ten day bins from 2020-01-01: whole days, so the day counts answer. */
const DAYS = { min_timestamp: "2020-01-01T00:00:00Z", max_timestamp: "2020-01-11T00:00:00Z" };

interface Annotation {
  observation_uuid: string;
  imaged_moment_uuid: string;
  concept: string;
}

async function send(http: HttpClient, method: "POST" | "PUT" | "DELETE", path: string, json?: unknown) {
  const reply = await http.request(method, `/anno/v1${path}`, {
    auth: true,
    ...(json === undefined ? {} : { json }),
  });
  if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${reply.text}`);
  return reply.json;
}

/**
 * The depth (50 m bins) and day histograms over every annotation, after checking that each
 * equals the one constrained by `videos` (answered by the join over the annotations).
 */
async function histograms(
  t: ExecutionContext,
  http: HttpClient,
  videos: readonly string[],
  step: string,
): Promise<{ depth: number[]; days: number[] }> {
  const values = async (path: string, json: unknown) =>
    ((await send(http, "POST", `/histogram/${path}`, json)) as { content: { values: number[] } }).content
      .values;
  const depth = await values("depth?size=50", { min_depth: 0 });
  const days = await values("time?size=1", DAYS);
  t.deepEqual(depth, await values("depth?size=50", { video_reference_uuids: videos }), `${step}: depth`);
  t.deepEqual(days, await values("time?size=1", { video_reference_uuids: videos, ...DAYS }), `${step}: days`);
  return { depth, days };
}

/** Bins `[index, count]` that are not zero. */
function filled(values: readonly number[]): [number, number][] {
  return values.flatMap((count, index) => (count === 0 ? [] : [[index, count] as [number, number]]));
}

for (const backend of BACKENDS) {
  test(`${backend}: the histograms over every annotation follow each write that moves an annotation's depth or day`, async (t) => {
    const { http } = stack(backend);
    const [one, two] = [randomUUID(), randomUUID()];
    const videos = [one, two];

    const bulk = (await send(http, "POST", "/annotations/bulk", [
      {
        video_reference_uuid: one,
        concept: "A",
        elapsed_time_millis: 1000,
        recorded_timestamp: "2020-01-01T10:00:00Z",
        ancillary_data: { depth_meters: 120.5 },
      },
      { video_reference_uuid: one, concept: "B", elapsed_time_millis: 1000 },
      {
        video_reference_uuid: one,
        concept: "C",
        elapsed_time_millis: 2000,
        recorded_timestamp: "2020-01-02T10:00:00Z",
        ancillary_data: { depth_meters: 40 },
      },
      {
        video_reference_uuid: one,
        concept: "D",
        elapsed_time_millis: 3000,
        recorded_timestamp: "2020-01-03T00:00:00Z",
      },
    ])) as Annotation[];
    const [a, b, c] = ["A", "B", "C"].map((concept) => {
      const found = bulk.find((annotation) => annotation.concept === concept);
      if (!found) throw new Error(`${concept} was not created`);
      return found;
    }) as [Annotation, Annotation, Annotation];
    let seen = await histograms(t, http, videos, "bulk create");
    t.deepEqual(filled(seen.depth), [
      [0, 1],
      [2, 2],
    ]);
    t.deepEqual(filled(seen.days), [
      [0, 2],
      [1, 1],
      [2, 1],
    ]);

    const single = await createAnnotation(http, {
      video_reference_uuid: two,
      elapsed_time_millis: 500,
      recorded_timestamp: "2020-01-05T00:00:00Z",
    });
    seen = await histograms(t, http, videos, "create");
    t.is(seen.days[4], 1, "a moment without ancillary data counts in its day only");

    const datum = (await send(http, "POST", "/ancillarydata", {
      imaged_moment_uuid: single.imaged_moment_uuid,
      depth_meters: 3999.99,
    })) as { uuid: string };
    seen = await histograms(t, http, videos, "create ancillary data");
    t.is(seen.depth[79], 1, "3999.99 m is in the last bin");

    await send(http, "PUT", `/ancillarydata/${datum.uuid}`, { depth_meters: 4000 });
    seen = await histograms(t, http, videos, "ancillary data below the bins");
    t.is(seen.depth[79], 0, "4000 m is past the last bin");
    await send(http, "PUT", `/ancillarydata/${datum.uuid}`, { depth_meters: 60 });
    seen = await histograms(t, http, videos, "ancillary data back in the bins");
    t.is(seen.depth[1], 1);
    for (const [depth, bin, left] of [
      [160, 3, 1],
      [60, 1, 3],
    ] as const) {
      // The bulk route updates an existing datum in place (an upsert).
      await send(http, "POST", "/ancillarydata/bulk", [
        { imaged_moment_uuid: single.imaged_moment_uuid, depth_meters: depth },
      ]);
      seen = await histograms(t, http, videos, `ancillary data upserted at ${depth} m`);
      t.deepEqual([seen.depth[bin], seen.depth[left]], [1, 0]);
    }

    // B moves from A's moment to C's (elapsed 2000): from 120.5 m to 40 m, from day 0 to day 1.
    await send(http, "PUT", `/annotations/${b.observation_uuid}`, { elapsed_time_millis: 2000 });
    seen = await histograms(t, http, videos, "observation moved to another moment");
    t.deepEqual([seen.depth[0], seen.depth[2]], [2, 1]);
    t.deepEqual([seen.days[0], seen.days[1]], [1, 2]);

    await send(http, "PUT", `/imagedmoments/${c.imaged_moment_uuid}`, {
      recorded_timestamp: "2020-01-07T12:00:00Z",
    });
    seen = await histograms(t, http, videos, "moment re-timed");
    t.deepEqual([seen.days[1], seen.days[6]], [0, 2], "both of the moment's annotations move");

    await send(http, "PUT", `/imagedmoments/newtime/${two}/20200108T000000Z`);
    seen = await histograms(t, http, videos, "video re-timed");
    t.deepEqual([seen.days[4], seen.days[7]], [0, 1]);

    await send(http, "DELETE", `/observations/${a.observation_uuid}`);
    seen = await histograms(t, http, videos, "observation deleted");
    t.deepEqual([seen.depth[2], seen.days[0]], [0, 0]);

    await send(http, "DELETE", `/imagedmoments/${c.imaged_moment_uuid}`);
    seen = await histograms(t, http, videos, "moment deleted with its annotations and data");
    t.deepEqual([seen.depth[0], seen.days[6]], [0, 0]);

    await send(http, "PUT", `/ancillarydata/merge/${two}`, [
      { recorded_timestamp: "2020-01-08T00:00:00.5Z", depth_meters: 250 },
    ]);
    seen = await histograms(t, http, videos, "ancillary data merged by time");
    t.deepEqual(filled(seen.depth), [[5, 1]]);

    await send(http, "DELETE", `/ancillarydata/videoreference/${two}`);
    seen = await histograms(t, http, videos, "a video's ancillary data deleted");
    t.deepEqual(filled(seen.depth), []);

    await send(http, "DELETE", `/fast/videoreference/${one}`);
    await send(http, "DELETE", `/imagedmoments/videoreference/${two}`);
    seen = await histograms(t, http, videos, "videos deleted");
    t.deepEqual([filled(seen.depth), filled(seen.days)], [[], []]);
  });
}
