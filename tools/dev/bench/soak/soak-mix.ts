/**
 * The soak benchmark's request mix: one table of operations across the six domains, each with
 * its weight (share of the requests), its route group (how the report groups latencies) and
 * one request that checks its answer where that is cheap. Reads go to the seeded data, whose
 * size stays fixed, so a process's memory is not made to grow by ever larger answers; writes
 * add new records, and some reads look up what the run wrote.
 */
import type { SeededRandom } from "../../../m3/datagen/seeded-random.js";
import { type SoakReply, wrongAnswer } from "../harness/soak-http.js";
import { CACHED_FRAME_MILLIS, imagePath, type SoakContext, type SoakOperation } from "./soak-context.js";

type Json = Record<string, unknown>;

const path = encodeURIComponent;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** Where the new frames fall: a step prime to the span gives every millisecond once. */
const NEW_FRAME_SPAN_MILLIS = 58_000;
const NEW_FRAME_STEP_MILLIS = 7_919;
const HEALTH_PATHS = [
  "/healthz",
  "/readyz",
  "/kb/v1/health",
  "/anno/v1/health",
  "/vam/v1/health",
  "/panoptes/v1/health",
  "/capture/health",
  "/config/health",
];

function expect(condition: boolean, what: string, reply: SoakReply): void {
  if (!condition) throw wrongAnswer(what, reply);
}

async function getJson(context: SoakContext, url: string): Promise<{ reply: SoakReply; json: unknown }> {
  const reply = await context.http.send("GET", url);
  return { reply, json: parse(reply) };
}

function parse(reply: SoakReply): unknown {
  try {
    return JSON.parse(reply.body.toString("utf8"));
  } catch {
    throw wrongAnswer("JSON expected", reply);
  }
}

async function capture(context: SoakContext, elapsedTimeMillis: number): Promise<void> {
  const reply = await context.http.send("POST", "/capture/capture/jpg", {
    headers: { "x-api-key": context.seed.apiKey },
    json: { videoUrl: context.seed.clipUrl, elapsedTimeMillis },
  });
  const jpeg = reply.body[0] === 0xff && reply.body[1] === 0xd8;
  expect(jpeg, `a JPEG frame at ${elapsedTimeMillis} ms`, reply);
}

function annotationItem(context: SoakContext, videoReferenceUuid: string): Json {
  const { random, seed } = context;
  return {
    video_reference_uuid: videoReferenceUuid,
    concept: random.pick(seed.annotationConcepts),
    observer: "soak",
    elapsed_time_millis: random.int(0, 3_600_000),
  };
}

/** The mix: weights are relative (the report prints each one's share). */
export const SOAK_MIX: readonly SoakOperation[] = [
  // kb: lookups, search and phylogeny over the real tree.
  {
    name: "kb concept",
    group: "kb read",
    weight: 8,
    run: async (context) => {
      const name = context.random.pick(context.seed.kb.names);
      const { reply, json } = await getJson(context, `/kb/v1/concept/${path(name)}`);
      expect((json as Json).name === name, `concept ${name}`, reply);
    },
  },
  {
    name: "kb find",
    group: "kb read",
    weight: 4,
    run: async (context) => {
      const term = context.random.pick(context.seed.kb.findTerms);
      const { reply, json } = await getJson(context, `/kb/v1/concept/find/${path(term)}`);
      expect(Array.isArray(json) && json.length > 0, `names containing "${term}"`, reply);
    },
  },
  {
    name: "kb phylogeny up",
    group: "kb read",
    weight: 5,
    run: async (context) => {
      const name = context.random.pick(context.seed.kb.names);
      const reply = await context.http.send("GET", `/kb/v1/phylogeny/up/${path(name)}`);
      expect(reply.body.includes(JSON.stringify(name)), `the branch down to ${name}`, reply);
    },
  },
  {
    name: "kb phylogeny down",
    group: "kb read",
    weight: 2,
    run: async (context) => {
      const name = context.random.pick(context.seed.kb.subtreeRoots);
      const { reply, json } = await getJson(context, `/kb/v1/phylogeny/down/${path(name)}`);
      expect((json as Json).name === name, `the tree below ${name}`, reply);
    },
  },
  {
    name: "kb children",
    group: "kb read",
    weight: 2,
    run: async (context) => {
      const name = context.random.pick(context.seed.kb.subtreeRoots);
      const { reply, json } = await getJson(context, `/kb/v1/concept/children/${path(name)}`);
      expect(Array.isArray(json) && json.length > 0, `the children of ${name}`, reply);
    },
  },
  // registry: new media, and reads of the seeded and the new ones.
  {
    name: "registry media create",
    group: "registry write",
    weight: 4,
    run: async (context) => {
      const n = ++context.writes;
      const uri = `http://soak.example.org/${context.runId}/${n}.mp4`;
      const reply = await context.http.send("POST", "/vam/v1/media", {
        headers: bearer(context.seed.tokens.registry),
        form: {
          video_sequence_name: `Soak ${context.runId} ${n % 10}`,
          camera_id: "Soak Cam",
          video_name: `Soak ${context.runId} video ${n}`,
          uri,
          start_timestamp: new Date(Date.UTC(2024, 0, 1) + n * 60_000).toISOString(),
          duration_millis: 3_600_000,
          container: "video/mp4",
        },
      });
      const media = parse(reply) as Json;
      expect(media.uri === uri && typeof media.video_reference_uuid === "string", `media ${uri}`, reply);
      context.media.add({ uuid: media.video_reference_uuid as string, uri });
    },
  },
  {
    name: "registry media by uri",
    group: "registry read",
    weight: 5,
    run: async (context) => {
      const { uri } = context.random.chance(0.5)
        ? context.media.pick(context.random)
        : context.random.pick(context.seed.media);
      const { reply, json } = await getJson(context, `/vam/v1/media/uri/${path(uri)}`);
      expect((json as Json).uri === uri, `media ${uri}`, reply);
    },
  },
  {
    name: "registry media of a sequence",
    group: "registry read",
    weight: 3,
    run: async (context) => {
      const { sequences, videosPerSequence } = context.seed;
      const name = context.random.pick(sequences);
      const { reply, json } = await getJson(context, `/vam/v1/media/videosequence/${path(name)}`);
      expect(Array.isArray(json) && json.length === videosPerSequence, `${videosPerSequence} media`, reply);
    },
  },
  {
    name: "registry sequence",
    group: "registry read",
    weight: 2,
    run: async (context) => {
      const name = context.random.pick(context.seed.sequences);
      const { reply, json } = await getJson(context, `/vam/v1/videosequences/name/${path(name)}`);
      expect((json as Json).name === name, `sequence ${name}`, reply);
    },
  },
  // annotation: creates on the run's media, reads and queries of the seeded videos.
  {
    name: "annotation create",
    group: "annotation write",
    weight: 5,
    run: async (context) => {
      const item = annotationItem(context, context.media.pick(context.random).uuid);
      const reply = await context.http.send("POST", "/anno/v1/annotations", {
        headers: bearer(context.seed.tokens.annotation),
        form: item as Record<string, string | number>,
      });
      const created = parse(reply) as Json;
      expect(created.concept === item.concept, `an annotation of ${item.concept}`, reply);
      context.observations.add(created.observation_uuid as string);
    },
  },
  {
    name: "annotation bulk create (5)",
    group: "annotation write",
    weight: 2,
    run: async (context) => {
      const uuid = context.media.pick(context.random).uuid;
      const items = Array.from({ length: 5 }, () => annotationItem(context, uuid));
      const reply = await context.http.send("POST", "/anno/v1/annotations/bulk", {
        headers: bearer(context.seed.tokens.annotation),
        json: items,
      });
      const created = parse(reply);
      expect(Array.isArray(created) && created.length === items.length, "5 annotations", reply);
    },
  },
  {
    name: "annotation get",
    group: "annotation read",
    weight: 3,
    run: async (context) => {
      const uuid = context.observations.pick(context.random);
      const { reply, json } = await getJson(context, `/anno/v1/annotations/${uuid}`);
      expect((json as Json).observation_uuid === uuid, `annotation ${uuid}`, reply);
    },
  },
  {
    name: "annotations of a video",
    group: "annotation read",
    weight: 4,
    run: async (context) => {
      const { annotatedVideos, annotationsPerVideo } = context.seed;
      const uuid = context.random.pick(annotatedVideos);
      const { reply, json } = await getJson(context, `/anno/v1/annotations/videoreference/${uuid}`);
      expect(
        Array.isArray(json) && json.length === annotationsPerVideo,
        `${annotationsPerVideo} annotations`,
        reply,
      );
    },
  },
  {
    name: "annotation fast query",
    group: "annotation query",
    weight: 3,
    run: async (context) => {
      const concept = context.random.pick(context.seed.annotationConcepts);
      const reply = await context.http.send("POST", "/anno/v1/fast", {
        json: { concepts: [concept], limit: 50 },
      });
      const content = (parse(reply) as Json).content;
      expect(Array.isArray(content) && content.length > 0, `annotations of ${concept}`, reply);
    },
  },
  {
    name: "annotation fast count",
    group: "annotation query",
    weight: 1,
    run: async (context) => {
      const concept = context.random.pick(context.seed.annotationConcepts);
      const reply = await context.http.send("POST", "/anno/v1/fast/count", { json: { concepts: [concept] } });
      const count = ((parse(reply) as Json).content as Json | undefined)?.count;
      expect(typeof count === "number" && count > 0, `a count of ${concept}`, reply);
    },
  },
  {
    name: "annotation depth histogram",
    group: "annotation query",
    weight: 2,
    run: async (context) => {
      const { annotatedVideos, annotationsPerVideo } = context.seed;
      const uuid = context.random.pick(annotatedVideos);
      const reply = await context.http.send("POST", "/anno/v1/histogram/depth?size=50", {
        json: { video_reference_uuids: [uuid] },
      });
      const values = ((parse(reply) as Json).content as { values?: number[] } | undefined)?.values ?? [];
      const total = values.reduce((sum, value) => sum + value, 0);
      expect(total === annotationsPerVideo, `${annotationsPerVideo} annotations in the bins`, reply);
    },
  },
  // config: discovery, tokens and every process's health.
  {
    name: "config endpoints",
    group: "config + health",
    weight: 3,
    run: async (context) => {
      const { reply, json } = await getJson(context, "/config/endpoints");
      expect(Array.isArray(json) && json.length >= 5, "the five endpoints", reply);
    },
  },
  {
    name: "config health status",
    group: "config + health",
    weight: 2,
    run: async (context) => {
      const { reply, json } = await getJson(context, "/config/health/status");
      expect(Array.isArray(json) && json.length >= 5, "five health records", reply);
    },
  },
  {
    name: "config auth",
    group: "config + health",
    weight: 1,
    run: async (context) => {
      const reply = await context.http.send("POST", "/config/auth", {
        headers: { "x-api-key": context.seed.apiKey },
      });
      expect(typeof (parse(reply) as Json).accessToken === "string", "an access token", reply);
    },
  },
  {
    name: "health",
    group: "config + health",
    weight: 4,
    run: async (context) => {
      await context.http.send("GET", context.random.pick(HEALTH_PATHS));
    },
  },
  // capture: frames of the clip, most from the cache, some never asked for before.
  {
    name: "capture cached frame",
    group: "capture cached",
    weight: 8,
    run: (context) => capture(context, context.random.pick(CACHED_FRAME_MILLIS)),
  },
  {
    name: "capture new frame",
    group: "capture new",
    weight: 2,
    run: (context) => {
      const n = ++context.writes;
      return capture(context, 1_000 + ((n * NEW_FRAME_STEP_MILLIS) % NEW_FRAME_SPAN_MILLIS));
    },
  },
  // upload: images stored (multipart) and resolved.
  {
    name: "upload image",
    group: "upload write",
    weight: 5,
    run: async (context) => {
      const name = `soak_${context.runId}_${++context.writes}.jpg`;
      const reply = await context.http.send("POST", imagePath(name), {
        headers: bearer(context.seed.tokens.upload),
        file: { field: "file", fileName: name, contentType: "image/jpeg", bytes: context.seed.frame },
      });
      expect(String((parse(reply) as Json).uri).endsWith(name), `the URI of ${name}`, reply);
      context.images.add(name);
    },
  },
  {
    name: "upload resolve",
    group: "upload read",
    weight: 6,
    run: async (context) => {
      const name = context.images.pick(context.random);
      const { reply, json } = await getJson(context, imagePath(name));
      expect(String((json as Json).uri).endsWith(name), `the URI of ${name}`, reply);
    },
  },
];

/** Every route group, in the mix's order. */
export const SOAK_GROUPS: readonly string[] = [...new Set(SOAK_MIX.map((operation) => operation.group))];

/** Picks an operation with probability proportional to its weight. */
export function pickOperation(random: SeededRandom): SoakOperation {
  const total = SOAK_MIX.reduce((sum, operation) => sum + operation.weight, 0);
  let at = random.next() * total;
  for (const operation of SOAK_MIX) {
    at -= operation.weight;
    if (at < 0) return operation;
  }
  return SOAK_MIX[SOAK_MIX.length - 1] as SoakOperation;
}
