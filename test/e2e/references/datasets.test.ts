import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import { BACKENDS, type Backend, startTestPlatform, usePlatforms } from "../../support/e2e/test-platform.js";
import {
  asDatasetAnnotation,
  asDatasetMedia,
  asSnakeDatasetAnnotation,
  asSnakeDatasetMedia,
  type Dataset,
  fastAnnotationsOf,
  type Json,
  mediaOf,
  seedDataset,
} from "../../support/references/dataset-fixtures.js";

const platform = usePlatforms(test, BACKENDS);
/** Each platform's dataset, seeded by the first test that needs it (the platforms start in a hook of their own). */
const datasets = new Map<Backend, Promise<Dataset>>();
function datasetOf(backend: Backend): Promise<Dataset> {
  const seeded = datasets.get(backend) ?? seedDataset(platform(backend).http);
  datasets.set(backend, seeded);
  return seeded;
}

interface DatasetJson {
  annotations: Json[];
  media: Json[];
}

for (const backend of BACKENDS) {
  const dataset = () => datasetOf(backend);
  const http = () => platform(backend).http;
  const get = async (path: string) => {
    const reply = await http().get(`/references${path}`);
    if (reply.status !== 200)
      throw new Error(`GET /references${path} answered ${reply.status}: ${reply.text}`);
    return reply.json as DatasetJson;
  };
  /** The dive's annotations as charybdis lays them out: the early video's, then the late one's. */
  const diveAnnotations = async (data = true) => {
    const { early, late } = await dataset();
    const fast = [
      ...(await fastAnnotationsOf(http(), early.video_reference_uuid, data)),
      ...(await fastAnnotationsOf(http(), late.video_reference_uuid, data)),
    ];
    return fast.map(asDatasetAnnotation);
  };
  const mediaJson = async (...media: Dataset["early"][]) =>
    Promise.all(media.map(async (item) => asDatasetMedia(await mediaOf(http(), item))));

  test(`${backend}: a dive answers its annotations video by video in the order of their starts, with the media that hold them`, async (t) => {
    const { dive, early, late } = await dataset();
    const answer = await get(`/query/dive/${encodeURIComponent(dive)}`);
    t.deepEqual(Object.keys(answer).sort(), ["annotations", "media"]);
    t.deepEqual(answer.annotations, await diveAnnotations());
    t.deepEqual(answer.media, await mediaJson(early, late), "the video without annotations is left out");
    const detailed = answer.annotations.find((annotation) => annotation.timecode === "01:02:03:04") as Json;
    t.like(detailed, { saved: true, group: "ROV", activity: "transect", durationMillis: 1500 });
    t.deepEqual(detailed.imageReferences, [
      {
        uuid: (detailed.imageReferences as Json[])[0]?.uuid,
        url: `http://images.example.org/${early.video_reference_uuid}.png`,
        format: "image/png",
        width: 1920,
        height: 1080,
      },
    ]);
    t.like(detailed.ancillaryData as Json, { latitude: 36.7, oxygenMlL: 0.25, crs: "EPSG:4326" });
    t.is(typeof (detailed.ancillaryData as Json).depthMeters, "number");
    t.is(answer.media[0]?.sha512, "ab".repeat(64), "the digest in lowercase hex");
    t.false(JSON.stringify(answer).includes("lastUpdated"), "no last-updated time, as the fast queries");
  });

  test(`${backend}: limit and offset page over the dive's annotations end to end`, async (t) => {
    const { dive, early, late } = await dataset();
    const all = await diveAnnotations();
    const path = `/query/dive/${encodeURIComponent(dive)}`;
    const across = await get(`${path}?limit=2&offset=2`);
    t.deepEqual(across.annotations, all.slice(2, 4));
    t.deepEqual(across.media, await mediaJson(early, late));
    const lateOnly = await get(`${path}?offset=3&limit=10`);
    t.deepEqual(lateOnly.annotations, all.slice(3));
    t.deepEqual(lateOnly.media, await mediaJson(late));
    t.deepEqual(await get(`${path}?limit=0`), { media: [], annotations: [] });
    t.deepEqual((await get(`${path}?offset=99`)).annotations, []);
  });

  test(`${backend}: a limit out of range reads 50,000, a negative offset none, as charybdis`, async (t) => {
    const path = `/query/dive/${encodeURIComponent((await dataset()).dive)}`;
    const all = await get(path);
    t.is(all.annotations.length, 5);
    t.deepEqual(await get(`${path}?limit=60000`), all);
    t.deepEqual(await get(`${path}?limit=-1`), all);
    t.deepEqual(await get(`${path}?offset=-3`), all);
  });

  test(`${backend}: data=false leaves out the ancillary data`, async (t) => {
    const answer = await get(`/query/dive/${encodeURIComponent((await dataset()).dive)}?data=false`);
    t.deepEqual(answer.annotations, await diveAnnotations(false));
    t.false(answer.annotations.some((annotation) => "ancillaryData" in annotation));
  });

  test(`${backend}: a concept answers its annotations in the fast query's order, with their media by start`, async (t) => {
    const { concept, early, late, other } = await dataset();
    const answer = await get(`/query/concept/${encodeURIComponent(concept)}`);
    const fast = await http().get(`/anno/v1/fast/concept/${encodeURIComponent(concept)}?data=true`);
    t.deepEqual(answer.annotations, (fast.json as Json[]).map(asDatasetAnnotation));
    t.is(answer.annotations.length, 5);
    t.deepEqual(answer.media, await mediaJson(other, early, late));
    const page = await get(`/query/concept/${encodeURIComponent(concept)}?limit=1&offset=4`);
    t.deepEqual(page.annotations, answer.annotations.slice(4));
    t.is(page.media.length, 1);
  });

  test(`${backend}: a file name answers the annotations of the videos whose URI ends with it`, async (t) => {
    const { fileName, other } = await dataset();
    const answer = await get(`/query/file/${encodeURIComponent(fileName)}`);
    const fast = await fastAnnotationsOf(http(), other.video_reference_uuid, true);
    t.deepEqual(answer, { media: await mediaJson(other), annotations: fast.map(asDatasetAnnotation) });
  });

  test(`${backend}: an unknown concept, dive or file answers empty lists`, async (t) => {
    for (const path of ["/query/concept/Nothing%20here", "/query/dive/No%20dive", "/query/file/none.mov"]) {
      t.deepEqual(await get(path), { media: [], annotations: [] }, path);
    }
  });

  test(`${backend}: /count/dive counts each video's annotations, a video without any as 0`, async (t) => {
    const { dive, early, late, empty } = await dataset();
    t.deepEqual(await get(`/count/dive/${encodeURIComponent(dive)}`), {
      count: 5,
      annotationCounts: [
        { videoReferenceUuid: early.video_reference_uuid, count: 3 },
        { videoReferenceUuid: late.video_reference_uuid, count: 2 },
        { videoReferenceUuid: empty.video_reference_uuid, count: 0 },
      ],
    });
    t.deepEqual(await get("/count/dive/No%20dive"), { count: 0, annotationCounts: [] });
  });

  test(`${backend}: a limit, offset or data that is not a number or a boolean is a 400 with a JSON message`, async (t) => {
    const path = `/references/query/dive/${encodeURIComponent((await dataset()).dive)}`;
    for (const query of ["limit=abc", "offset=x", "limit=1.5", "data=maybe"]) {
      const reply = await http().get(`${path}?${query}`);
      t.is(reply.status, 400, query);
      t.is(typeof (reply.json as { message?: unknown } | undefined)?.message, "string", query);
    }
  });

  test(`${backend}: /health and /v1/health answer charybdis's health record`, async (t) => {
    for (const path of ["/references/health", "/references/v1/health"]) {
      const reply = await http().get(path);
      t.is(reply.status, 200, path);
      t.like(reply.json as Json, {
        application: "charybdis",
        description: "Annotation and Media Services for MBARI",
      });
    }
  });
}

test("without the registry's tables at hand (another folder), every dataset read is a 503 saying why", async (t) => {
  const registryFolder = mkdtempSync(join(tmpdir(), "m3-registry-apart-"));
  const apart = await startTestPlatform("sqlite", {
    M3_REGISTRY_DATABASE_URL: join(registryFolder, "registry.sqlite"),
  });
  try {
    for (const path of [
      "/query/concept/Aegina",
      "/query/dive/Ventana%201",
      "/query/file/a.mov",
      "/count/dive/V",
    ]) {
      const reply = await apart.http.get(`/references${path}`);
      t.is(reply.status, 503, path);
      t.like(reply.json as Json, { responseCode: 503 });
      t.regex((reply.json as { message: string }).message, /M3_ANNOTATION_REGISTRY_SQLITE_FILE/);
    }
    t.is((await apart.http.get("/references/health")).status, 200);
  } finally {
    await apart.stop();
    rmSync(registryFolder, { recursive: true, force: true });
  }
});

test("with M3_REFERENCES_CASING=snake the answers carry the snake_case build's names", async (t) => {
  const snake = await startTestPlatform("sqlite", { M3_REFERENCES_CASING: "snake" });
  try {
    const { dive, early, late } = await seedDataset(snake.http);
    const reply = await snake.http.get(`/references/query/dive/${encodeURIComponent(dive)}`);
    const fast = [
      ...(await fastAnnotationsOf(snake.http, early.video_reference_uuid, true)),
      ...(await fastAnnotationsOf(snake.http, late.video_reference_uuid, true)),
    ];
    const media = [await mediaOf(snake.http, early), await mediaOf(snake.http, late)];
    t.deepEqual(reply.json, {
      media: media.map(asSnakeDatasetMedia),
      annotations: fast.map(asSnakeDatasetAnnotation),
    });
    const count = await snake.http.get(`/references/count/dive/${encodeURIComponent(dive)}`);
    t.like(count.json as Json, { count: 5 });
    t.deepEqual(Object.keys(((count.json as Json).annotation_counts as Json[])[0] ?? {}), [
      "video_reference_uuid",
      "count",
    ]);
  } finally {
    await snake.stop();
  }
});
