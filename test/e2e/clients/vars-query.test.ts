/**
 * Replays the VARS Query web app, mbari-org/vars-query-vue (Vue, in a browser):
 *   src/assets/ts/raziel/api.ts (GET <config>/endpoints in CORS mode; services looked up by
 *     name in src/stores/annosaurus.ts, oni.ts, vampire-squid.ts: "annosaurus", "oni",
 *     "vampire-squid"),
 *   src/assets/ts/annosaurus/api.ts, QueryConstraints.ts (minify), Query.ts, QueryResponse.ts
 *     (POST bodies are JSON.stringify'd without a Content-Type, so the browser labels them
 *     `text/plain;charset=UTF-8`; /fast answers are read from `.content`),
 *   src/assets/ts/oni/api.ts and src/assets/ts/vampiresquid/api.ts (GETs, segments through
 *     encodeURIComponent, camera lookups with a compact `yyyyMMddTHHmmssZ` timestamp from
 *     src/assets/ts/util.ts dateStringToCompactString).
 */
import test from "ava";
import {
  type ClientPlatform,
  pythonForm,
  snakeToken,
  uniqueSuffix,
  useClientPlatforms,
} from "../../support/e2e/client-replay.js";
import { BACKENDS } from "../../support/e2e/test-platform.js";

const platform = useClientPlatforms(test);
const ORIGIN = "https://vars-query.example.org";
const BROWSER_TEXT = "text/plain;charset=UTF-8";

/** fetch(url, { method: 'POST', mode: 'cors', body: JSON.stringify(x) }) as a browser sends it. */
function browserPost(client: ClientPlatform, path: string, body: unknown) {
  return client.send("POST", path, {
    headers: { Origin: ORIGIN, "Content-Type": BROWSER_TEXT },
    body: JSON.stringify(body),
  });
}

function browserGet(client: ClientPlatform, path: string) {
  return client.send("GET", path, { headers: { Origin: ORIGIN } });
}

/** QueryConstraints after minify(): falsy values (offset 0) dropped, empty arrays kept. */
function constraints(concepts: string[]): Record<string, unknown> {
  return {
    video_reference_uuids: [],
    concepts,
    observers: [],
    groups: [],
    activities: [],
    mission_contacts: [],
    limit: 5000,
    data: true,
  };
}

interface Dive {
  concept: string;
  camera: string;
  videoReferenceUuid: string;
}

/** One media, one annotation with an image and position data, registered through the APIs. */
async function dive(client: ClientPlatform): Promise<Dive> {
  const suffix = uniqueSuffix();
  const camera = `Ventana ${suffix}`;
  const concept = `Bathochordaeus mcnutti ${suffix}`;
  const vamToken = snakeToken(
    await client.send("POST", "/vam/v1/auth", { headers: { Authorization: `APIKEY ${client.apiKey}` } }),
  );
  const media = await client.send("POST", "/vam/v1/media", {
    headers: { Authorization: `Bearer ${vamToken}` },
    body: pythonForm({
      video_sequence_name: `Ventana 4${suffix}`,
      video_name: `V4${suffix}_01`,
      camera_id: camera,
      uri: `https://video.example.org/V4${suffix}_01.mp4`,
      start_timestamp: "2021-06-01T18:00:00Z",
      duration_millis: 900000,
      size_bytes: 1000,
    }),
  });
  const videoReferenceUuid = (media.json as { video_reference_uuid: string }).video_reference_uuid;
  const annoAuth = {
    Authorization: `Bearer ${snakeToken(await client.send("POST", "/anno/v1/auth", { headers: { Authorization: `APIKEY ${client.apiKey}` } }))}`,
  };
  const recorded = "2021-06-01T18:05:00Z";
  await client.send("POST", "/anno/v1/annotations", {
    headers: annoAuth,
    body: pythonForm({
      video_reference_uuid: videoReferenceUuid,
      concept,
      observer: "rob",
      recorded_timestamp: recorded,
    }),
  });
  await client.send("POST", "/anno/v1/images", {
    headers: annoAuth,
    body: pythonForm({
      video_reference_uuid: videoReferenceUuid,
      url: `https://images.example.org/${suffix}.jpg`,
      recorded_timestamp: recorded,
    }),
  });
  await client.send("PUT", `/anno/v1/ancillarydata/merge/${videoReferenceUuid}`, {
    headers: { ...annoAuth, "Content-Type": "application/json" },
    body: JSON.stringify([
      { recorded_timestamp: recorded, latitude: 36.6, longitude: -122.3, depth_meters: 850 },
    ]),
  });
  return { concept, camera, videoReferenceUuid };
}

for (const backend of BACKENDS) {
  test(`${backend}: the endpoint list names "annosaurus", "oni" and "vampire-squid" with their url`, async (t) => {
    const reply = await browserGet(platform(backend), "/config/endpoints");
    t.is(reply.status, 200);
    t.truthy(reply.headers.get("access-control-allow-origin"));
    const byName = new Map(
      (reply.json as { name: string; url: string }[]).map((entry) => [entry.name, entry.url]),
    );
    for (const name of ["annosaurus", "oni", "vampire-squid"]) t.regex(byName.get(name) ?? "", /^http/);
  });

  test(`${backend}: text/plain POSTs to /fast/count, /fast/georange and /fast/ answer their .content`, async (t) => {
    const client = platform(backend);
    const { concept } = await dive(client);
    const count = await browserPost(client, "/anno/v1/fast/count", constraints([concept]));
    t.is(count.status, 200, count.text);
    t.is((count.json as { content: { count: number } }).content.count, 1);
    const range = await browserPost(client, "/anno/v1/fast/georange", constraints([concept]));
    t.is(range.status, 200, range.text);
    t.like((range.json as { content: unknown }).content, {
      min_latitude: 36.6,
      max_latitude: 36.6,
      min_longitude: -122.3,
      max_depth_meters: 850,
    });
    // search() posts to `${url}/fast/` with a trailing slash.
    const search = await browserPost(client, "/anno/v1/fast/", constraints([concept]));
    t.is(search.status, 200, search.text);
    const [annotation] = (search.json as { content: Record<string, unknown>[] }).content;
    t.like(annotation, { concept, observer: "rob", recorded_timestamp: "2021-06-01T18:05:00Z" });
    t.like(annotation?.ancillary_data, { latitude: 36.6, depth_meters: 850 });
    t.true(Array.isArray(annotation?.image_references));
  });

  test(`${backend}: the depth and time histograms answer bins_min, bins_max and values under .content`, async (t) => {
    const client = platform(backend);
    const { concept } = await dive(client);
    const depth = await browserPost(client, "/anno/v1/histogram/depth?size=100", constraints([concept]));
    t.is(depth.status, 200, depth.text);
    const bins = (depth.json as { content: { bins_min: number[]; bins_max: number[]; values: number[] } })
      .content;
    t.is(
      bins.values.reduce((sum, value) => sum + value, 0),
      1,
    );
    t.is(bins.bins_min.length, bins.values.length);
    const time = await browserPost(client, "/anno/v1/histogram/time?size=180", constraints([concept]));
    t.is(time.status, 200, time.text);
    const timeBins = (time.json as { content: { bins_min: string[] } }).content;
    t.false(Number.isNaN(Date.parse(timeBins.bins_min[0] ?? "")));
  });

  test(`${backend}: the app's /analysis/histogram path (absent from annosaurus too) is a JSON 404, not HTML`, async (t) => {
    const reply = await browserPost(
      platform(backend),
      "/anno/v1/analysis/histogram/depth?size=100",
      constraints([]),
    );
    t.is(reply.status, 404);
    t.is((reply.json as { responseCode: number }).responseCode, 404);
  });

  test(`${backend}: the tabular query: text/plain bodies to /query/download and /query/count, columns, lists`, async (t) => {
    const client = platform(backend);
    const { concept } = await dive(client);
    const observers = await browserPost(client, "/anno/v1/query/download", {
      select: ["observer"],
      distinct: true,
      orderby: ["observer"],
    });
    t.is(observers.status, 200, observers.text);
    const lines = observers.text
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && line !== "null");
    t.true(lines.slice(1).includes("rob"), observers.text);
    const query = {
      select: ["concept", "observer"],
      where: [{ column: "concept", in: [concept] }],
      distinct: true,
    };
    const rows = await browserPost(client, "/anno/v1/query/download", query);
    t.is(rows.status, 200, rows.text);
    const [header, row] = rows.text.split("\n");
    t.deepEqual(header?.trim().split("\t"), ["concept", "observer"]);
    t.deepEqual(row?.trim().split("\t"), [concept, "rob"]);
    const count = await browserPost(client, "/anno/v1/query/count", query);
    t.is(count.status, 200, count.text);
    t.is((count.json as { count: number }).count, 1);
    const columns = await browserGet(client, "/anno/v1/query/columns");
    const named = (columns.json as { columnName: string; columnType: string }[]).find(
      (column) => column.columnName === "concept",
    );
    t.is(typeof named?.columnType, "string");
    for (const path of ["/anno/v1/observations/activities", "/anno/v1/observations/groups"]) {
      t.true(Array.isArray((await browserGet(client, path)).json), path);
    }
    const images = await browserGet(
      client,
      `/anno/v1/fast/concept/images/${encodeURIComponent(concept)}?data=true`,
    );
    t.is((images.json as unknown[]).length, 1);
  });

  test(`${backend}: registry reads by encoded camera and compact timestamp feed the video preview`, async (t) => {
    const client = platform(backend);
    const { camera, videoReferenceUuid } = await dive(client);
    const compact = `${new Date("2021-06-01T18:05:00.000Z").toISOString().replace(/[-:]/g, "").replace(/\..+/, "")}Z`;
    const media = await browserGet(client, `/vam/v1/media/camera/${encodeURIComponent(camera)}/${compact}`);
    t.is(media.status, 200, media.text);
    const [found] = media.json as Record<string, unknown>[];
    t.like(found, { camera_id: camera, size_bytes: 1000, start_timestamp: "2021-06-01T18:00:00Z" });
    t.regex(String(found?.uri), /\.mp4$/);
    const video = await browserGet(client, `/vam/v1/videos/videoreference/${videoReferenceUuid}`);
    t.is(video.status, 200, video.text);
    t.true((await browserGet(client, "/vam/v1/videosequences/cameras")).text.includes(camera));
    const byRef = await browserGet(
      client,
      `/vam/v1/media/videoreference/${encodeURIComponent(videoReferenceUuid)}`,
    );
    t.is((byRef.json as { camera_id: string }).camera_id, camera);
  });
}
