import { activityAt, depthAt } from "../../datagen/dive-model.js";
import { SeededRandom } from "../../datagen/seeded-random.js";
import type { DemoConcept } from "./demo-concepts.js";
import {
  DEMO_CLIP,
  DEMO_FRAME_MILLIS,
  DEMO_OBSERVERS,
  type DemoDivePlan,
  type DemoVideoPlan,
  isClipVideo,
} from "./demo-plan.js";
import { positionAlong, roundTo, waterAt } from "./ocean-profile.js";

/** One item of `POST /anno/v1/annotations/bulk`, as the legacy JSON names it. */
export interface BulkAnnotationJson {
  video_reference_uuid: string;
  concept: string;
  observer: string;
  observation_timestamp: string;
  group: string;
  activity: string;
  elapsed_time_millis: number;
  recorded_timestamp: string;
  duration_millis?: number;
  associations: { link_name: string; to_concept: string; link_value: string }[];
  image_references?: ImageReferenceJson[];
  ancillary_data?: AncillaryDataJson;
}

export interface ImageReferenceJson {
  url: string;
  format: string;
  width_pixels: number;
  height_pixels: number;
  description: string;
}

export interface AncillaryDataJson {
  depth_meters: number;
  latitude: number;
  longitude: number;
  temperature_celsius: number;
  salinity: number;
  oxygen_ml_l: number;
}

/** What the annotations of one dive are built from. */
export interface DiveAnnotationInput {
  dive: DemoDivePlan;
  /** Per video of the dive, the UUID of its annotated video reference. */
  referenceUuids: readonly string[];
  /** The concept of each of the dive's annotations, in order (see demoConceptSlices). */
  concepts: readonly DemoConcept[];
  /** Stored frames of the clip, by elapsed time; moments at those times carry the image. */
  frames: ReadonlyMap<number, ImageReferenceJson>;
}

const DAY = 86_400_000;
/** Observations per imaged moment: mostly one animal, sometimes a few together. */
const PER_MOMENT = [1, 1, 1, 1, 1, 1, 1, 2, 2, 3] as const;

/**
 * Every annotation of a dive, spread over its videos' time: a seeded set of imaged moments per
 * video (the clip's include the stored frames' times), one to three observations each, with the
 * dive's depth, position and water at that moment, and associations from real link templates.
 */
export function diveAnnotations(input: DiveAnnotationInput): BulkAnnotationJson[] {
  const { dive } = input;
  const random = new SeededRandom(dive.seed);
  const diveMillis = Math.max(...dive.videos.map((video) => video.offsetMillis + video.durationMillis));
  const start = Date.parse(dive.start);
  const annotations: BulkAnnotationJson[] = [];
  let conceptAt = 0;
  dive.videos.forEach((video, videoIndex) => {
    const referenceUuid = input.referenceUuids[videoIndex];
    if (referenceUuid === undefined)
      throw new Error(`${dive.name}: no video reference for video ${videoIndex + 1}`);
    for (const moment of momentsOf(video, random)) {
      const fraction = (video.offsetMillis + moment.elapsedMillis) / diveMillis;
      const recorded = start + video.offsetMillis + moment.elapsedMillis;
      const shared = {
        video_reference_uuid: referenceUuid,
        elapsed_time_millis: moment.elapsedMillis,
        recorded_timestamp: new Date(recorded).toISOString(),
        group: "ROV",
        activity: activityAt(fraction, random),
      };
      const image = isClipVideo(video) ? input.frames.get(moment.elapsedMillis) : undefined;
      for (let i = 0; i < moment.observations; i++) {
        const concept = input.concepts[conceptAt++];
        if (!concept) throw new Error(`${dive.name}: more annotations planned than concepts given`);
        annotations.push({
          ...shared,
          concept: concept.name,
          observer: random.pick(DEMO_OBSERVERS),
          observation_timestamp: new Date(recorded + 2 * DAY + random.int(0, 8 * 3_600_000)).toISOString(),
          ...(random.chance(0.1) ? { duration_millis: random.int(2, 12) * 500 } : {}),
          associations: associationsOf(concept, random),
          ...(i === 0 && image ? { image_references: [image] } : {}),
          ...(i === 0 ? { ancillary_data: ancillaryAt(dive, fraction, random) } : {}),
        });
      }
    }
  });
  return annotations;
}

interface PlannedMoment {
  elapsedMillis: number;
  observations: number;
}

/** The video's moments in time order, holding `video.annotations` observations in all. */
function momentsOf(video: DemoVideoPlan, random: SeededRandom): PlannedMoment[] {
  const isClip = isClipVideo(video);
  const counts: number[] = [];
  for (let left = video.annotations; left > 0; ) {
    const count = Math.min(left, random.pick(PER_MOMENT));
    counts.push(count);
    left -= count;
  }
  const times = new Set<number>(isClip ? DEMO_FRAME_MILLIS.slice(0, counts.length) : []);
  // The clip's moments fall on its frames (25 fps: 40 ms apart), away from its ends.
  const step = isClip ? 1000 / DEMO_CLIP.frameRate : 1;
  const slots = Math.floor((video.durationMillis - 400) / step);
  while (times.size < counts.length) times.add(Math.round(random.int(5, slots) * step));
  const sorted = [...times].sort((a, b) => a - b);
  return sorted.map((elapsedMillis, index) => ({ elapsedMillis, observations: counts[index] as number }));
}

function associationsOf(concept: DemoConcept, random: SeededRandom): BulkAnnotationJson["associations"] {
  if (concept.templates.length === 0) return [];
  const wanted = random.chance(0.45) ? (random.chance(0.2) ? 2 : 1) : 0;
  const picked = new Set<number>();
  while (picked.size < Math.min(wanted, concept.templates.length))
    picked.add(random.int(0, concept.templates.length - 1));
  return [...picked].map((index) => {
    const template = concept.templates[index] as (typeof concept.templates)[number];
    return { link_name: template.linkName, to_concept: template.toConcept, link_value: template.linkValue };
  });
}

function ancillaryAt(dive: DemoDivePlan, fraction: number, random: SeededRandom): AncillaryDataJson {
  const depth = depthAt(dive, fraction, random);
  const position = positionAlong(
    dive.site,
    dive.site.headingDegrees,
    dive.site.trackMeters * fraction + random.between(-5, 5),
  );
  const water = waterAt(depth);
  return {
    depth_meters: roundTo(depth, 1),
    latitude: roundTo(position.latitude, 6),
    longitude: roundTo(position.longitude, 6),
    temperature_celsius: roundTo(water.temperatureCelsius + random.between(-0.05, 0.05), 3),
    salinity: roundTo(water.salinity + random.between(-0.005, 0.005), 3),
    oxygen_ml_l: roundTo(Math.max(0.05, water.oxygenMlL + random.between(-0.03, 0.03)), 3),
  };
}
