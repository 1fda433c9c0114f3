/**
 * The soak benchmark's data, loaded through the REST gateway before the run (the kb is
 * imported from its dump before the kb starts): registry media in a few sequences, one of them
 * the generated clip, annotations with depths on some of them, and a few stored images.
 */

import type { SeededRandom } from "../../../m3/datagen/seeded-random.js";
import type { KbDump } from "../../../m3/kb-import/kb-dump.js";
import type { SoakHttpClient } from "../harness/soak-http.js";
import { CACHED_FRAME_MILLIS, IMAGE_CAMERA, IMAGE_DEPLOYMENT, imagePath } from "./soak-context.js";

const SEQUENCES = 4;
const VIDEOS_PER_SEQUENCE = 5;
const ANNOTATED_VIDEOS = 10;
const ANNOTATIONS_PER_VIDEO = 50;
const ANNOTATION_CONCEPTS = 40;
const SEED_IMAGES = 10;

export interface SoakSeed {
  apiKey: string;
  /** file: URL of the clip capture grabs frames from. */
  clipUrl: string;
  /** A JPEG frame of the clip, the image every upload stores. */
  frame: Buffer;
  /** Bearer tokens for each domain's writes. */
  tokens: { registry: string; annotation: string; upload: string };
  kb: {
    /** Primary names of every concept. */
    names: string[];
    /** Lowercase parts of names, for the case-insensitive search. */
    findTerms: string[];
    /** Concepts with 2 to 60 descendants: phylogeny down and children of a modest size. */
    subtreeRoots: string[];
  };
  sequences: string[];
  videosPerSequence: number;
  media: { uuid: string; uri: string }[];
  annotatedVideos: string[];
  annotationsPerVideo: number;
  annotationConcepts: string[];
  images: string[];
}

/** What the kb dump offers the mix: names, search terms and modest subtrees. */
export function kbChoices(dump: KbDump, random: SeededRandom): SoakSeed["kb"] {
  const primary = dump.concepts.map(
    (concept) =>
      (concept.names.find((name) => name.nameType.toLowerCase() === "primary") ?? concept.names[0])?.name,
  );
  const descendants = new Array<number>(dump.concepts.length).fill(0);
  // Children come after their parents (pre-order): walking backwards sums each subtree.
  for (let index = dump.concepts.length - 1; index >= 0; index--) {
    const parent = dump.concepts[index]?.parentIndex;
    if (parent !== undefined)
      descendants[parent] = (descendants[parent] ?? 0) + (descendants[index] ?? 0) + 1;
  }
  const names = primary.filter((name): name is string => name !== undefined && name.trim() !== "");
  const subtreeRoots = primary.filter(
    (name, index): name is string =>
      name !== undefined && (descendants[index] ?? 0) >= 2 && (descendants[index] ?? 0) <= 60,
  );
  const findTerms = [
    ...new Set(
      Array.from({ length: 60 }, () => random.pick(names))
        .filter((name) => name.length >= 6)
        .map((name) => name.slice(1, 6).toLowerCase()),
    ),
  ];
  return { names, findTerms, subtreeRoots };
}

async function token(http: SoakHttpClient, authPath: string, apiKey: string): Promise<string> {
  const reply = await http.json<{ access_token: string }>("POST", authPath, {
    headers: { authorization: `APIKEY ${apiKey}` },
  });
  return reply.access_token;
}

export async function seedSoak(options: {
  http: SoakHttpClient;
  apiKey: string;
  clipUrl: string;
  kb: SoakSeed["kb"];
  random: SeededRandom;
}): Promise<SoakSeed> {
  const { http, apiKey, clipUrl, random } = options;
  const tokens = {
    registry: await token(http, "/vam/v1/auth", apiKey),
    annotation: await token(http, "/anno/v1/auth", apiKey),
    upload: await token(http, "/panoptes/v1/auth", apiKey),
  };
  const sequences = Array.from({ length: SEQUENCES }, (_, i) => `Soak Seed Dive ${i + 1}`);
  const media: SoakSeed["media"] = [];
  for (const [s, sequence] of sequences.entries()) {
    for (let v = 0; v < VIDEOS_PER_SEQUENCE; v++) {
      const uri = s === 0 && v === 0 ? clipUrl : `http://soak.example.org/seed/${s + 1}/${v + 1}.mp4`;
      const created = await http.json<{ video_reference_uuid: string }>("POST", "/vam/v1/media", {
        headers: { authorization: `Bearer ${tokens.registry}` },
        json: {
          video_sequence_name: sequence,
          camera_id: "Soak Seed Cam",
          video_name: `${sequence} video ${v + 1}`,
          uri,
          start_timestamp: new Date(Date.UTC(2023, s, 1, 10) + v * 3_600_000).toISOString(),
          duration_millis: 3_600_000,
          container: "video/mp4",
        },
      });
      media.push({ uuid: created.video_reference_uuid, uri });
    }
  }
  const annotationConcepts = Array.from({ length: ANNOTATION_CONCEPTS }, () => random.pick(options.kb.names));
  const annotatedVideos = media.slice(0, ANNOTATED_VIDEOS).map(({ uuid }) => uuid);
  for (const uuid of annotatedVideos) {
    // One annotation per moment, each with a depth, so a video's depth histogram counts them all.
    const items = Array.from({ length: ANNOTATIONS_PER_VIDEO }, (_, i) => ({
      video_reference_uuid: uuid,
      concept: annotationConcepts[i % annotationConcepts.length],
      observer: "soak-seed",
      elapsed_time_millis: i * 60_000 + random.int(0, 59_000),
      ancillary_data: { depth_meters: random.between(50, 3_000), latitude: 36.7, longitude: -122.0 },
    }));
    const created = await http.json<unknown[]>("POST", "/anno/v1/annotations/bulk", {
      headers: { authorization: `Bearer ${tokens.annotation}` },
      json: items,
    });
    if (created.length !== items.length) throw new Error(`seeding: ${created.length} annotations created`);
  }
  // The cached frames are grabbed once here; the first also is the image every upload stores.
  const frames = await Promise.all(
    CACHED_FRAME_MILLIS.map(async (elapsedTimeMillis) => {
      const reply = await http.send("POST", "/capture/capture/jpg", {
        headers: { "x-api-key": apiKey },
        json: { videoUrl: clipUrl, elapsedTimeMillis },
      });
      return reply.body;
    }),
  );
  const frame = frames[0] ?? Buffer.alloc(0);
  const images = Array.from({ length: SEED_IMAGES }, (_, i) => `soak_seed_${i + 1}.jpg`);
  for (const name of images) {
    await http.send("POST", imagePath(name), {
      headers: { authorization: `Bearer ${tokens.upload}` },
      file: { field: "file", fileName: name, contentType: "image/jpeg", bytes: frame },
    });
  }
  process.stderr.write(
    `seeded: ${media.length} media in ${SEQUENCES} sequences, ${annotatedVideos.length * ANNOTATIONS_PER_VIDEO} annotations, ${images.length} images (${IMAGE_CAMERA}/${IMAGE_DEPLOYMENT}), ${frames.length} cached frames\n`,
  );
  return {
    apiKey,
    clipUrl,
    frame,
    tokens,
    kb: options.kb,
    sequences,
    videosPerSequence: VIDEOS_PER_SEQUENCE,
    media,
    annotatedVideos,
    annotationsPerVideo: ANNOTATIONS_PER_VIDEO,
    annotationConcepts: [...new Set(annotationConcepts)],
    images,
  };
}
