import type { DemoClip } from "./demo-clip.js";
import type { MediaJson } from "./demo-dive.loader.js";
import { DEMO_DIVES, DEMO_USERS, type DemoUserPlan } from "./demo-plan.js";
import type { DemoUsersResult } from "./demo-users.loader.js";
import type { PlatformClient } from "./platform-client.js";

const LIST_SEQUENCE_NAMES = "m3.registry.v1.VideoSequenceService/ListVideoSequenceNames";
const LIST_MEDIA = "m3.registry.v1.MediaService/ListMediaByVideoSequenceName";
const COUNT_OBSERVATIONS = "m3.annotation.v1.ObservationService/CountObservationsByVideoReference";
const LIST_ANNOTATIONS = "m3.annotation.v1.AnnotationService/ListAnnotationsByVideoReference";

/** What of the demo the platform holds: what the start-up banner shows. */
export interface DemoInventory {
  dives: { name: string; videoReferences: number; annotations: number }[];
  /** An annotation of the demo, on the clip when it is registered. */
  sample?: { concept: string; videoReferenceUuid: string; elapsedTimeMillis: number; onClip: boolean };
  /** The clip's URL when the file is there to grab frames from. */
  clipUrl?: string;
  /** The demo users the kb holds (all with DEMO_PASSWORD). */
  users: DemoUserPlan[];
}

/** Reads, through the REST API, which demo dives are registered and how many annotations each has. */
export async function readDemoInventory(
  client: PlatformClient,
  clip: DemoClip,
  users: DemoUsersResult,
): Promise<DemoInventory> {
  const names = new Set(await client.json<string[]>(LIST_SEQUENCE_NAMES));
  const dives: DemoInventory["dives"] = [];
  let sample: DemoInventory["sample"];
  for (const dive of DEMO_DIVES.filter(({ name }) => names.has(name))) {
    const media = await client.json<MediaJson[]>(LIST_MEDIA, { params: { video_sequence_name: dive.name } });
    let annotations = 0;
    for (const reference of media) {
      const { count } = await client.json<{ count: number }>(COUNT_OBSERVATIONS, {
        params: { video_reference_uuid: reference.video_reference_uuid },
      });
      annotations += count;
      const onClip = reference.uri === clip.url;
      if (count > 0 && (!sample || (onClip && !sample.onClip))) {
        sample = await sampleOf(client, reference.video_reference_uuid, onClip);
      }
    }
    dives.push({ name: dive.name, videoReferences: media.length, annotations });
  }
  const present =
    users.status === "checked" ? new Set([...users.created, ...users.present]) : new Set<string>();
  return {
    dives,
    sample,
    clipUrl: clip.status === "unavailable" ? undefined : clip.url,
    users: DEMO_USERS.filter(({ username }) => present.has(username)),
  };
}

async function sampleOf(client: PlatformClient, videoReferenceUuid: string, onClip: boolean) {
  const [first] = await client.json<{ concept: string; elapsed_time_millis?: number }[]>(LIST_ANNOTATIONS, {
    params: { video_reference_uuid: videoReferenceUuid },
    query: { limit: "1" },
  });
  if (!first) return undefined;
  return {
    concept: first.concept,
    videoReferenceUuid,
    elapsedTimeMillis: first.elapsed_time_millis ?? 0,
    onClip,
  };
}
