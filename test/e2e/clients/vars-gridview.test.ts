/**
 * Replays vars-gridview (mbari-org/vars-gridview, the bounding-box review tool) as its code
 * sets up a session and lists boxes:
 *   src/vars_gridview/lib/auth/raziel.py: POST <config>/auth with a user's Basic credentials,
 *     reads `accessToken`, GET <config>/endpoints with `Bearer`;
 *   src/vars_gridview/lib/m3/__init__.py (M3Context.from_endpoint_data): looks up "annosaurus"
 *     (authenticated with its `secret`), "vampire-squid", "vars-user-server", "vars-kb-server",
 *     "beholder" (its `secret` is required) and "skimmer" by `name`, and raises
 *     `Endpoint "<name>" not found` when one is missing;
 *   src/vars_gridview/lib/m3/clients.py: a requests session per service, `BEARER <jwt>` once
 *     authenticated; POST /query/count and /query/download with `json=QueryRequest.to_dict()`;
 *     SkimmerClient.crop GETs <skimmer>/crop?url=&left=&top=&right=&bottom=[&ms=];
 *   src/vars_gridview/services/annotation_service.py: a box saved is PUT <annosaurus>/associations/{uuid}
 *     with the form field link_value = json.dumps(box), a relabel PUT /observations/{uuid} with
 *     concept and observer;
 *   src/vars_gridview/controllers/query_controller.py: the listing's columns, its constraint
 *     link_name = "bounding box" merged with the user's, ordered by index_recorded_timestamp,
 *     paged by limit and offset; the count's `count`, then the TSV download.
 */
import test from "ava";
import { coordinateImage, pngFacts, serveImages } from "../../support/capture/test-images.js";
import {
  basicCredentials,
  type ClientPlatform,
  pythonForm,
  snakeToken,
  uniqueSuffix,
  useClientPlatforms,
} from "../../support/e2e/client-replay.js";
import { BACKENDS } from "../../support/e2e/test-platform.js";

const platform = useClientPlatforms(test);

/** The names M3Context.from_endpoint_data looks up, in its order. */
const GRIDVIEW_NAMES = [
  "annosaurus",
  "vampire-squid",
  "vars-user-server",
  "vars-kb-server",
  "beholder",
  "skimmer",
];

/** QueryController.execute's columns. */
const LISTING_COLUMNS = [
  "video_reference_uuid",
  "imaged_moment_uuid",
  "observation_uuid",
  "association_uuid",
  "image_reference_uuid",
  "video_sequence_name",
  "chief_scientist",
  "camera_platform",
  "dive_number",
  "video_start_timestamp",
  "video_container",
  "video_uri",
  "video_width",
  "video_height",
  "index_elapsed_time_millis",
  "index_recorded_timestamp",
  "index_timecode",
  "image_url",
  "image_format",
  "observer",
  "concept",
  "link_name",
  "to_concept",
  "link_value",
  "depth_meters",
  "latitude",
  "longitude",
  "oxygen_ml_per_l",
  "pressure_dbar",
  "salinity",
  "temperature_celsius",
  "light_transmission",
  "observation_group",
];

interface Endpoint {
  name: string;
  url: string;
  secret: string | null;
}

/** The session's clients by name, as M3Context holds them: a path on the gateway and a token. */
interface GridviewContext {
  paths: Map<string, string>;
  annosaurusAuth: string;
  beholderKey: string;
}

/** raziel.authenticate then M3Context.from_endpoint_data, failing as the tool fails. */
async function logIn(client: ClientPlatform): Promise<GridviewContext> {
  const login = await client.send("POST", "/config/auth", {
    headers: { Authorization: basicCredentials(client.admin.username, client.admin.password) },
  });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`);
  const token = (login.json as { accessToken: string }).accessToken;
  const listed = await client.send("GET", "/config/endpoints", {
    headers: { Authorization: `Bearer ${token}` },
  });
  const endpoints = listed.json as Endpoint[];
  const get = (name: string) => {
    const entry = endpoints.find((endpoint) => endpoint.name === name);
    if (!entry) throw new Error(`Endpoint "${name}" not found in endpoint data`);
    return entry;
  };
  const paths = new Map(
    GRIDVIEW_NAMES.map((name) => [name, new URL(get(name).url).pathname.replace(/\/$/, "")]),
  );
  const auth = await client.send("POST", `${paths.get("annosaurus")}/auth`, {
    headers: { Authorization: `APIKEY ${get("annosaurus").secret}` },
  });
  const beholderKey = get("beholder").secret;
  if (beholderKey === null) throw new Error('Endpoint "beholder" is missing required "secret"');
  return { paths, annosaurusAuth: `BEARER ${snakeToken(auth)}`, beholderKey };
}

/** A dive with frame grabs and a bounding box on each, as VARS and vars-localize leave them. */
async function diveWithBoxes(client: ClientPlatform, boxes: number, imageBase: string) {
  const suffix = uniqueSuffix();
  const apiKey = { Authorization: `APIKEY ${client.apiKey}` };
  const vamAuth = {
    Authorization: `Bearer ${snakeToken(await client.send("POST", "/vam/v1/auth", { headers: apiKey }))}`,
  };
  const sequence = `Doc Ricketts ${suffix}`;
  const media = await client.send("POST", "/vam/v1/media", {
    headers: vamAuth,
    body: pythonForm({
      video_sequence_name: sequence,
      camera_id: "Doc Ricketts",
      video_name: `D${suffix}_01`,
      uri: `https://video.example.org/D${suffix}_01.mp4`,
      start_timestamp: "2024-03-01T10:00:00Z",
      duration_millis: 600_000,
      width: 1920,
      height: 1080,
    }),
  });
  const videoReferenceUuid = (media.json as { video_reference_uuid: string }).video_reference_uuid;
  const annoAuth = {
    Authorization: `Bearer ${snakeToken(await client.send("POST", "/anno/v1/auth", { headers: apiKey }))}`,
  };
  const concept = `Nanomia bijuga ${suffix}`;
  const associations: string[] = [];
  // Written latest first, so the listing's order is not the order they were written in.
  for (let i = boxes - 1; i >= 0; i--) {
    const recorded = `2024-03-01T10:0${i}:00Z`;
    const image = await client.send("POST", "/anno/v1/images", {
      headers: annoAuth,
      body: pythonForm({
        video_reference_uuid: videoReferenceUuid,
        url: `${imageBase}/${suffix}-${i}.png`,
        recorded_timestamp: recorded,
      }),
    });
    const observation = await client.send("POST", "/anno/v1/annotations", {
      headers: annoAuth,
      body: pythonForm({
        video_reference_uuid: videoReferenceUuid,
        concept,
        observer: "annotator",
        recorded_timestamp: recorded,
      }),
    });
    const box = {
      x: 10 * i,
      y: 20,
      width: 100,
      height: 50,
      image_reference_uuid: (image.json as { image_reference_uuid: string }).image_reference_uuid,
    };
    const association = await client.send("POST", "/anno/v1/associations", {
      headers: annoAuth,
      body: pythonForm({
        observation_uuid: (observation.json as { observation_uuid: string }).observation_uuid,
        link_name: "bounding box",
        to_concept: "self",
        link_value: JSON.stringify(box),
        mime_type: "application/json",
      }),
    });
    associations.unshift((association.json as { uuid: string }).uuid);
  }
  return { sequence, concept, associations };
}

/** parse_tsv: the header line's columns, then one record per line. */
function parseTsv(text: string): { headers: string[]; rows: Record<string, string>[] } {
  const [head = "", ...lines] = text.split("\n").filter((line) => line !== "");
  const headers = head.split("\t");
  return {
    headers,
    rows: lines.map((line) => Object.fromEntries(line.split("\t").map((cell, i) => [headers[i], cell]))),
  };
}

for (const backend of BACKENDS) {
  test(`${backend}: vars-gridview's session set-up finds every endpoint it needs, skimmer at <gateway>/skimmer, and logs in`, async (t) => {
    const client = platform(backend);
    const context = await logIn(client);
    t.is(context.paths.get("skimmer"), "/skimmer");
    t.is(context.paths.get("annosaurus"), "/anno/v1");
    t.is(context.paths.get("vars-kb-server"), "/kb/v1");
    t.is(context.beholderKey, client.apiKey);
    const concepts = await client.send("GET", `${context.paths.get("vars-kb-server")}/concept`);
    t.is(concepts.status, 200);
    const names = await client.send("GET", `${context.paths.get("vampire-squid")}/videosequences/names`);
    t.true(Array.isArray(names.json));
  });

  test(`${backend}: vars-gridview lists a dive's boxes (the count, then the TSV download, by recorded time, a page at a time), crops each through skimmer and saves a moved box`, async (t) => {
    const client = platform(backend);
    // Every frame grab holds pixels that name their own coordinates (red = x, green = y).
    const frame = await coordinateImage(400, 100, "png");
    const frames = await serveImages(
      new Proxy({} as Record<string, Buffer>, {
        get: (_files, path) => (String(path).endsWith(".png") ? frame : undefined),
      }),
    );
    t.teardown(() => frames.close());
    const dive = await diveWithBoxes(client, 3, frames.base);
    const context = await logIn(client);
    const anno = context.paths.get("annosaurus");
    const request = (offset: number) =>
      JSON.stringify({
        select: LISTING_COLUMNS,
        where: [
          { column: "link_name", equals: "bounding box" },
          { column: "concept", equals: dive.concept },
          { column: "video_sequence_name", in: [dive.sequence] },
        ],
        orderBy: ["index_recorded_timestamp"],
        limit: 2,
        offset,
      });
    const headers = { Authorization: context.annosaurusAuth, "Content-Type": "application/json" };
    const count = await client.send("POST", `${anno}/query/count`, { headers, body: request(0) });
    t.is(count.status, 200, count.text);
    t.is((count.json as { count: number }).count, 3);
    const pages = [];
    for (const offset of [0, 2]) {
      const download = await client.send("POST", `${anno}/query/download`, {
        headers,
        body: request(offset),
      });
      t.is(download.status, 200, download.text);
      const { headers: columns, rows } = parseTsv(download.text);
      t.deepEqual(columns, LISTING_COLUMNS);
      pages.push(...rows);
    }
    t.deepEqual(
      pages.map((row) => row.association_uuid),
      dive.associations,
    );
    for (const row of pages) {
      t.like(row, {
        link_name: "bounding box",
        to_concept: "self",
        concept: dive.concept,
        video_sequence_name: dive.sequence,
      });
      t.true((row.image_url ?? "").startsWith(frames.base));
      t.is((JSON.parse(row.link_value ?? "{}") as { width: number }).width, 100);
    }
    // RoiService: each listed box cropped by SkimmerClient.crop from its frame grab.
    for (const row of pages) {
      const box = JSON.parse(row.link_value ?? "{}") as {
        x: number;
        y: number;
        width: number;
        height: number;
      };
      const crop = new URL(`${client.baseUrl}${context.paths.get("skimmer")}/crop`);
      const region = { left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height };
      crop.search = new URLSearchParams({
        url: row.image_url ?? "",
        ...Object.fromEntries(Object.entries(region).map(([key, value]) => [key, String(value)])),
      }).toString();
      const cropped = await fetch(crop);
      t.is(cropped.status, 200);
      t.is(cropped.headers.get("content-type"), "image/png");
      t.like(await pngFacts(Buffer.from(await cropped.arrayBuffer())), {
        format: "png",
        width: box.width,
        height: box.height,
        first: [box.x, box.y, 7],
      });
    }
    // AnnotationService.save: a box moved by the reviewer and its concept relabelled.
    const moved = { x: 5, y: 6, width: 40, height: 30 };
    const first = pages[0] ?? {};
    const saved = await client.send("PUT", `${anno}/associations/${first.association_uuid}`, {
      headers: { Authorization: context.annosaurusAuth },
      body: pythonForm({ link_value: JSON.stringify(moved) }),
    });
    t.is(saved.status, 200, saved.text);
    const relabelled = await client.send("PUT", `${anno}/observations/${first.observation_uuid}`, {
      headers: { Authorization: context.annosaurusAuth },
      body: pythonForm({ concept: `${dive.concept} sp. 2`, observer: "reviewer" }),
    });
    t.is(relabelled.status, 200, relabelled.text);
    const association = await client.send("GET", `${anno}/associations/${first.association_uuid}`);
    t.deepEqual(JSON.parse((association.json as { link_value: string }).link_value), moved);
    const observation = await client.send("GET", `${anno}/observations/${first.observation_uuid}`);
    t.like(observation.json, { concept: `${dive.concept} sp. 2`, observer: "reviewer" });
  });
}
