/**
 * A small known data set for the /v1/fast tests, created through the public API. Each
 * annotation is tagged by its duration_millis (1..6) so tests can name what they expect.
 *
 *  tag video moment  concept         observer group activity  association (link, to, value)  image  data (depth, lat, lon)
 *  1   A     a1      Aegina          obs1     ROV   transect  eating, Nanomia, nil           a1     100, 36.5, -122.0
 *  2   A     a2      Nanomia         obs2     ROV   descend   -                              -      200, 36.6, -122.1
 *  3   A     a3      Aegina          obs2     -     -         -                              a3     -
 *  4   B     b1      Bathochordaeus  obs1     Sled  -         surface-color, self, red       b1     800, 35.0, -121.0
 *  5   B     b1      Aegina          obs3     -     -         -                              (b1)   (b1's)
 *  6   B     b2      Nanomia         -        -     -         eating, Aegina, nil            -      -
 *
 * Video A: platform Ventana, mission V1, contact alice. Video B: Tiburon, T1, bob.
 */
import { randomUUID } from "node:crypto";
import type { HttpClient } from "../../../tools/dev/fixtures/http-client.js";

export interface FastAnnotationJson {
  observation_uuid: string;
  imaged_moment_uuid: string;
  video_reference_uuid: string;
  concept: string;
  duration_millis: number;
  recorded_timestamp: string;
  associations: Record<string, unknown>[];
  image_references: Record<string, unknown>[];
  ancillary_data?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface FastDataset {
  videoA: string;
  videoB: string;
  /** Observation UUID by tag. */
  observation: (tag: number) => string;
  /** Imaged-moment UUID by tag. */
  moment: (tag: number) => string;
  /** The tags of annotations, as a sorted list, for comparing results. */
  tagsOf: (annotations: readonly FastAnnotationJson[]) => number[];
}

export async function seedFastDataset(http: HttpClient): Promise<FastDataset> {
  const videoA = randomUUID();
  const videoB = randomUUID();
  const host = `http://images.example.org/${videoA}`;
  const items = [
    {
      video_reference_uuid: videoA,
      recorded_timestamp: "2020-01-01T00:00:00Z",
      concept: "Aegina",
      observer: "obs1",
      group: "ROV",
      activity: "transect",
      duration_millis: 1,
      associations: [{ link_name: "eating", to_concept: "Nanomia", link_value: "nil" }],
      image_references: [{ url: `${host}/a1.png`, format: "image/png" }],
      ancillary_data: { depth_meters: 100, latitude: 36.5, longitude: -122.0 },
    },
    {
      video_reference_uuid: videoA,
      recorded_timestamp: "2020-01-01T00:01:00Z",
      concept: "Nanomia",
      observer: "obs2",
      group: "ROV",
      activity: "descend",
      duration_millis: 2,
      ancillary_data: { depth_meters: 200, latitude: 36.6, longitude: -122.1 },
    },
    {
      video_reference_uuid: videoA,
      recorded_timestamp: "2020-01-01T00:02:00Z",
      concept: "Aegina",
      observer: "obs2",
      duration_millis: 3,
      image_references: [{ url: `${host}/a3.png`, format: "image/png" }],
    },
    {
      video_reference_uuid: videoB,
      recorded_timestamp: "2020-01-02T00:00:00Z",
      concept: "Bathochordaeus",
      observer: "obs1",
      group: "Sled",
      duration_millis: 4,
      associations: [{ link_name: "surface-color", to_concept: "self", link_value: "red" }],
      image_references: [{ url: `${host}/b1.png`, format: "image/png" }],
      ancillary_data: { depth_meters: 800, latitude: 35.0, longitude: -121.0 },
    },
    {
      video_reference_uuid: videoB,
      recorded_timestamp: "2020-01-02T00:00:00Z",
      concept: "Aegina",
      observer: "obs3",
      duration_millis: 5,
    },
    {
      video_reference_uuid: videoB,
      recorded_timestamp: "2020-01-03T00:00:00Z",
      concept: "Nanomia",
      duration_millis: 6,
      associations: [{ link_name: "eating", to_concept: "Aegina", link_value: "nil" }],
    },
  ];
  const created = await http.post("/anno/v1/annotations/bulk", { json: items });
  if (created.status !== 200) throw new Error(`seeding failed: ${created.status} ${created.text}`);
  for (const info of [
    { video_reference_uuid: videoA, platform_name: "Ventana", mission_id: "V1", mission_contact: "alice" },
    { video_reference_uuid: videoB, platform_name: "Tiburon", mission_id: "T1", mission_contact: "bob" },
  ]) {
    const reply = await http.post("/anno/v1/videoreferences", { json: info });
    if (reply.status !== 200) throw new Error(`seeding failed: ${reply.status} ${reply.text}`);
  }
  const byTag = new Map<number, FastAnnotationJson>();
  for (const annotation of created.json as FastAnnotationJson[])
    byTag.set(annotation.duration_millis, annotation);
  const tagged = (tag: number) => {
    const annotation = byTag.get(tag);
    if (!annotation) throw new Error(`no annotation tagged ${tag}`);
    return annotation;
  };
  const tagOfObservation = new Map([...byTag].map(([tag, annotation]) => [annotation.observation_uuid, tag]));
  return {
    videoA,
    videoB,
    observation: (tag) => tagged(tag).observation_uuid,
    moment: (tag) => tagged(tag).imaged_moment_uuid,
    tagsOf: (annotations) =>
      annotations
        .map((annotation) => tagOfObservation.get(annotation.observation_uuid) ?? -1)
        .sort((a, b) => a - b),
  };
}

/** The UUIDs are ordered: results of the fast queries come in observation UUID order. */
export function isSortedByObservation(annotations: readonly FastAnnotationJson[]): boolean {
  return annotations.every(
    (annotation, index) =>
      index === 0 || (annotations[index - 1]?.observation_uuid ?? "") < annotation.observation_uuid,
  );
}
