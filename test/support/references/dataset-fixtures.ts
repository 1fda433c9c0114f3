/**
 * A known dataset made through m3's own APIs (media through /vam, annotations and ancillary
 * data through /anno), and charybdis's contract written as a conversion of m3's own answers:
 * a dataset's annotation is the fast query's annotation with camelCase keys, image sizes as
 * `width` and `height`, and `saved: true`; its media are the registry's media in camelCase.
 */
import type { HttpClient } from "../../../tools/dev/fixtures/http-client.js";
import { createMedia, type MediaRecord, unique } from "../e2e/registry-fixtures.js";

export type Json = Record<string, unknown>;

export interface Dataset {
  dive: string;
  concept: string;
  fileName: string;
  /** The dive's videos by start: the early one (3 annotations), the late one (2), one without any. */
  early: MediaRecord;
  late: MediaRecord;
  empty: MediaRecord;
  /** In another dive, named by `fileName`, one annotation of the concept. */
  other: MediaRecord;
}

async function ok(reply: Promise<{ status: number; text: string; json: unknown }>, what: string) {
  const answer = await reply;
  if (answer.status !== 200) throw new Error(`${what} answered ${answer.status}: ${answer.text}`);
  return answer.json;
}

export async function seedDataset(http: HttpClient): Promise<Dataset> {
  const dive = unique("Ventana 4242");
  const fileName = `${unique("D1153")}_prores.mov`;
  const concept = unique("Pandalus platyceros");
  // Registered late first: the dataset orders the dive's videos by start, not by creation.
  const late = await createMedia(http, {
    video_sequence_name: dive,
    start_timestamp: "2021-01-01T01:00:00Z",
  });
  const early = await createMedia(http, {
    video_sequence_name: dive,
    start_timestamp: "2021-01-01T00:00:00.123Z",
    sha512: "AB".repeat(64),
  });
  const empty = await createMedia(http, {
    video_sequence_name: dive,
    start_timestamp: "2021-01-01T02:00:00Z",
  });
  const other = await createMedia(http, { uri: `http://example.org/${unique("o")}/${fileName}` });
  await annotate(http, early.video_reference_uuid, [concept, concept, "Other"], true);
  await annotate(http, late.video_reference_uuid, [concept, concept], false);
  await annotate(http, other.video_reference_uuid, [concept], false);
  return { dive, concept, fileName, early, late, empty, other };
}

async function annotate(http: HttpClient, video: string, concepts: string[], detailed: boolean) {
  const annotations = concepts.map((concept, n) => ({
    video_reference_uuid: video,
    concept,
    observer: "brian",
    elapsed_time_millis: 1000 * (n + 1),
    recorded_timestamp: `2021-01-01T00:00:0${n}.5Z`,
    ...(detailed && n === 0
      ? {
          timecode: "01:02:03:04",
          group: "ROV",
          activity: "transect",
          duration_millis: 1500,
          associations: [{ link_name: "eating", to_concept: "Aegina", link_value: "nil" }],
          image_references: [
            {
              url: `http://images.example.org/${video}.png`,
              format: "image/png",
              width_pixels: 1920,
              height_pixels: 1080,
            },
          ],
        }
      : {}),
  }));
  const created = (await ok(http.post("/anno/v1/annotations/bulk", { json: annotations }), "bulk")) as Json[];
  if (!detailed) return;
  const data = created.map((annotation, n) => ({
    imaged_moment_uuid: annotation.imaged_moment_uuid,
    depth_meters: 100.5 + n,
    latitude: 36.7,
    longitude: -122.05,
    oxygen_ml_l: 0.25,
    crs: "EPSG:4326",
  }));
  await ok(http.post("/anno/v1/ancillarydata/bulk", { json: data }), "ancillary data");
}

function camel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

function camelCased(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelCased);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [camel(key), camelCased(inner)]));
}

/** The dataset annotation charybdis prints for a fast query's annotation (snake_case JSON). */
export function asDatasetAnnotation(fast: Json): Json {
  return camelCased(asSnakeDatasetAnnotation(fast)) as Json;
}

/** The same in the snake_case build's names (mbari/charybdis_sc): the fast query's own keys, sizes as width and height. */
export function asSnakeDatasetAnnotation(fast: Json): Json {
  const images = (fast.image_references as Json[]).map(({ width_pixels, height_pixels, ...image }) => ({
    ...image,
    ...(width_pixels === undefined ? {} : { width: width_pixels }),
    ...(height_pixels === undefined ? {} : { height: height_pixels }),
  }));
  return { ...fast, image_references: images, saved: true };
}

/** The dataset media charybdis prints for a registry media (snake_case JSON), its digest in lowercase. */
export function asDatasetMedia(media: MediaRecord): Json {
  return camelCased(asSnakeDatasetMedia(media)) as Json;
}

/** The same in the snake_case build's names: the registry's own keys. */
export function asSnakeDatasetMedia(media: MediaRecord): Json {
  return typeof media.sha512 === "string" ? { ...media, sha512: media.sha512.toLowerCase() } : media;
}

/** A video's annotations as the fast query gives them (ordered by observation UUID). */
export async function fastAnnotationsOf(http: HttpClient, video: string, data: boolean): Promise<Json[]> {
  return (await ok(http.get(`/anno/v1/fast/videoreference/${video}?data=${data}`), "fast")) as Json[];
}

/** The media as the registry gives it now. */
export async function mediaOf(http: HttpClient, media: MediaRecord): Promise<MediaRecord> {
  return (await ok(
    http.get(`/vam/v1/media/videoreference/${media.video_reference_uuid}`),
    "media",
  )) as MediaRecord;
}
