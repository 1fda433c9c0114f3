import { Instant } from "../../../services/kit/time/instant.js";
import { annotationRow, registryRow, type SqlRow } from "./datagen-tables.js";
import type { SeededRandom, SeededUuids } from "./seeded-random.js";

const PLATFORMS = ["Ventana", "Doc Ricketts", "Tiburon", "MiniROV"] as const;
const CHIEF_SCIENTISTS = [
  "Bruce Robison",
  "Steve Haddock",
  "Kyra Schlining",
  "Rob Sherlock",
  "Jim Barry",
  "Lonny Lundsten",
  "Linda Kuhnz",
  "Susan von Thun",
];
/** Dives are spread evenly over these years, so time histograms have something to show. */
const FIRST_DIVE = Date.UTC(1989, 0, 1);
const LAST_DIVE = Date.UTC(2025, 11, 31);
const MEDIA_HOST = "https://m3.example.org";

/** One ROV dive: a video sequence of a few consecutive videos at one site. */
export interface Dive {
  uuid: string;
  name: string;
  platform: string;
  chiefScientist: string;
  startMillis: number;
  maxDepthMeters: number;
  latitude: number;
  longitude: number;
}

/** One video of a dive and its one video reference (the file the annotations point to). */
export interface Video {
  uuid: string;
  referenceUuid: string;
  name: string;
  startMillis: number;
  /** 0-based position of the video in its dive. */
  index: number;
}

/** Dive `number` of `dives`: a platform, a site in Monterey Bay, a start in its slot of the time span. */
export function planDive(number: number, dives: number, random: SeededRandom, uuids: SeededUuids): Dive {
  const platform = random.pick(PLATFORMS);
  const slot = (LAST_DIVE - FIRST_DIVE) / Math.max(1, dives);
  // Daytime launches, 15:00 to 19:00 UTC.
  const day = Math.floor((FIRST_DIVE + number * slot) / 86_400_000) * 86_400_000;
  return {
    uuid: uuids.next(),
    name: `${platform} ${String(number + 1).padStart(5, "0")}`,
    platform,
    chiefScientist: random.pick(CHIEF_SCIENTISTS),
    startMillis: day + random.int(15 * 3600, 19 * 3600) * 1000,
    maxDepthMeters: random.between(200, 3900),
    latitude: random.between(36.45, 36.85),
    longitude: random.between(-122.45, -121.9),
  };
}

export function planVideo(dive: Dive, index: number, startMillis: number, uuids: SeededUuids): Video {
  return {
    uuid: uuids.next(),
    referenceUuid: uuids.next(),
    name: `${dive.name} ${Instant.ofEpochMillis(startMillis).toString().slice(0, 19).replace(/[-:]/g, "")}Z`,
    startMillis,
    index,
  };
}

export function sequenceRow(dive: Dive): SqlRow {
  const created = Instant.ofEpochMillis(dive.startMillis).toSql();
  return registryRow("video_sequences", {
    uuid: dive.uuid,
    name: dive.name,
    camera_id: dive.platform,
    description: `${dive.platform} dive, chief scientist ${dive.chiefScientist}`,
    last_updated_time: created,
  });
}

export function videoRow(dive: Dive, video: Video, durationMillis: number): SqlRow {
  const start = Instant.ofEpochMillis(video.startMillis).toSql();
  return registryRow("videos", {
    uuid: video.uuid,
    video_sequence_uuid: dive.uuid,
    name: video.name,
    start_time: start,
    duration_millis: durationMillis,
    last_updated_time: start,
  });
}

export function videoReferenceRow(
  dive: Dive,
  video: Video,
  durationMillis: number,
  random: SeededRandom,
): SqlRow {
  const file = video.name.replace(/ /g, "_");
  const start = Instant.ofEpochMillis(video.startMillis).toSql();
  return registryRow("video_references", {
    uuid: video.referenceUuid,
    video_uuid: video.uuid,
    uri: `${MEDIA_HOST}/media/${dive.platform.replace(/ /g, "")}/${file}.mov`,
    container: "video/quicktime",
    video_codec: "ProRes 422 HQ",
    audio_codec: "pcm_s24le",
    width: 1920,
    height: 1080,
    frame_rate: 29.97,
    size_bytes: Math.round(durationMillis * 27_500),
    sha512: random.hex(128),
    last_updated_time: start,
  });
}

export function videoInformationRow(dive: Dive, video: Video, uuids: SeededUuids): SqlRow {
  return annotationRow("video_reference_information", {
    uuid: uuids.next(),
    video_reference_uuid: video.referenceUuid,
    mission_contact: dive.chiefScientist,
    mission_id: dive.name,
    platform_name: dive.platform,
    last_updated_timestamp: Instant.ofEpochMillis(video.startMillis).toSql(),
  });
}

/** The frame-grab URL of a moment: unique, since a video's moments have distinct elapsed times. */
export function imageUrl(dive: Dive, video: Video, elapsedMillis: number, extension: string): string {
  return `${MEDIA_HOST}/framegrabs/${dive.platform.replace(/ /g, "")}/${video.name.replace(/ /g, "_")}/${elapsedMillis}.${extension}`;
}

/** Depth along the dive: down, along the bottom or the water column, and up again (fraction 0..1). */
export function depthAt(dive: Pick<Dive, "maxDepthMeters">, fraction: number, random: SeededRandom): number {
  const profile = Math.min(1, Math.sin(Math.PI * Math.min(1, Math.max(0, fraction))) * 1.4);
  return Math.max(2, dive.maxDepthMeters * profile + random.between(-3, 3));
}

export function activityAt(fraction: number, random: SeededRandom): string {
  if (fraction < 0.15) return "descend";
  if (fraction > 0.85) return "ascend";
  return random.chance(0.2) ? "stationary" : "transect";
}
