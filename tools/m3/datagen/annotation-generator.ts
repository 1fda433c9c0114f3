import { Instant } from "../../../services/kit/time/instant.js";
import type { DumpLink } from "../kb-import/kb-dump.js";
import { boundingBoxAssociation } from "./bounding-box.js";
import { type ConceptMix, conceptMix } from "./concept-mix.js";
import { annotationRow, emptyChunk, type RowChunk, type SqlRow } from "./datagen-tables.js";
import {
  activityAt,
  type Dive,
  depthAt,
  imageUrl,
  planDive,
  planVideo,
  sequenceRow,
  type Video,
  videoInformationRow,
  videoReferenceRow,
  videoRow,
} from "./dive-model.js";
import { SeededRandom, SeededUuids } from "./seeded-random.js";

export interface GeneratorOptions {
  annotations: number;
  /** Annotations per video (the last video gets what is left). */
  annotationsPerVideo: number;
  videosPerDive: number;
  seed: number;
  /** The kb's concept names (primary names). */
  concepts: readonly string[];
  /** The kb's link templates: associations are drawn from them. */
  linkTemplates: readonly DumpLink[];
  /** The share of observations that get a `bounding box` association (JSON); default none. */
  boundingBoxShare?: number;
  /** Timestamps with a microsecond part, as a legacy site's are; default whole milliseconds. */
  microseconds?: boolean;
}

const OBSERVERS = ["brian", "kyra", "linda", "lonny", "susan", "rob", "nancy", "kris", "megan", "danelle"];
/** The UUID clock starts here; one millisecond per UUID. */
const UUID_EPOCH = Date.UTC(2025, 0, 1);
const DAY = 86_400_000;
const FALLBACK_LINK: DumpLink = { linkName: "comment", toConcept: "self", linkValue: "nil" };

/**
 * Generates the annotation data set one chunk at a time: dives (video sequences) of a few
 * videos, each with a video reference and its cached information; imaged moments every few
 * seconds of video with a timecode, elapsed time and recorded timestamp, most with
 * ancillary data (depth, position, CTD) and some with frame grabs; one to three observations
 * per moment of concepts drawn from the Zipf mix; associations from the kb's link templates.
 * Deterministic: the same options give the same rows.
 */
export class AnnotationGenerator {
  readonly mix: ConceptMix;
  private readonly random: SeededRandom;
  private readonly uuids: SeededUuids;
  private readonly links: readonly DumpLink[];
  private readonly videoCount: number;
  private readonly diveCount: number;
  private done = 0;
  private videoNumber = 0;
  private diveNumber = 0;
  private dive: Dive | undefined;
  private video: Video | undefined;
  private videoQuota = 0;
  private videoDone = 0;
  private elapsedMillis = 0;
  private nextVideoStart = 0;

  constructor(private readonly options: GeneratorOptions) {
    for (const [name, value] of Object.entries({
      annotations: options.annotations,
      annotationsPerVideo: options.annotationsPerVideo,
      videosPerDive: options.videosPerDive,
    })) {
      if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
    }
    this.random = new SeededRandom(options.seed);
    this.uuids = new SeededUuids(this.random, UUID_EPOCH);
    this.mix = conceptMix(options.concepts, options.annotations, this.random);
    // No association points to the target concept, so a concept query finds exactly its quota.
    const links = options.linkTemplates.filter((link) => link.toConcept !== this.mix.target.name);
    this.links = links.length > 0 ? links : [FALLBACK_LINK];
    this.videoCount = Math.ceil(options.annotations / options.annotationsPerVideo);
    this.diveCount = Math.ceil(this.videoCount / options.videosPerDive);
  }

  /** Annotations generated so far. */
  get generated(): number {
    return this.done;
  }

  get finished(): boolean {
    return this.done >= this.options.annotations;
  }

  /**
   * The rows of the next whole moments, at least `size` annotations (a moment's observations
   * stay together, so a chunk may hold two more) unless the end comes first; empty when
   * finished. The rows do not depend on the chunk sizes asked for.
   */
  nextChunk(size: number): RowChunk {
    const chunk = emptyChunk();
    const limit = Math.min(this.options.annotations, this.done + size);
    while (this.done < limit) {
      const dive = this.dive;
      const video = this.video;
      if (!dive || !video || this.videoDone >= this.videoQuota) {
        this.startVideo(chunk);
        continue;
      }
      this.addMoment(chunk, dive, video);
      if (this.videoDone >= this.videoQuota) this.endVideo(chunk, dive, video);
    }
    chunk.annotations = chunk.annotation.observations.length;
    return chunk;
  }

  private startVideo(chunk: RowChunk): void {
    if (!this.dive || (this.video?.index ?? 0) + 1 >= this.options.videosPerDive) {
      this.dive = planDive(this.diveNumber++, this.diveCount, this.random, this.uuids);
      this.nextVideoStart = this.dive.startMillis;
      this.video = undefined;
      chunk.registry.video_sequences.push(sequenceRow(this.dive));
    }
    const index = this.video === undefined ? 0 : this.video.index + 1;
    this.video = planVideo(this.dive, index, this.nextVideoStart, this.uuids);
    this.videoNumber++;
    this.videoQuota = Math.min(
      this.options.annotationsPerVideo,
      this.options.annotations - (this.videoNumber - 1) * this.options.annotationsPerVideo,
    );
    this.videoDone = 0;
    this.elapsedMillis = this.random.int(0, 20_000);
    chunk.annotation.video_reference_information.push(videoInformationRow(this.dive, this.video, this.uuids));
  }

  private endVideo(chunk: RowChunk, dive: Dive, video: Video): void {
    const duration = this.elapsedMillis + this.random.int(5_000, 60_000);
    chunk.registry.videos.push(videoRow(dive, video, duration));
    chunk.registry.video_references.push(videoReferenceRow(dive, video, duration, this.random));
    this.nextVideoStart = video.startMillis + duration + 1_000;
  }

  private addMoment(chunk: RowChunk, dive: Dive, video: Video): void {
    const random = this.random;
    const rows = chunk.annotation;
    this.elapsedMillis += random.int(2_000, 30_000);
    const elapsed = this.elapsedMillis;
    const recordedMillis = video.startMillis + elapsed;
    const annotatedMillis = recordedMillis + random.int(1, 400) * DAY + random.int(0, 86_399) * 1000;
    const annotated = this.timestamp(annotatedMillis);
    const fraction = (video.index + this.videoDone / this.videoQuota) / this.options.videosPerDive;
    const moment = this.uuids.next();
    rows.imaged_moments.push(
      annotationRow("imaged_moments", {
        uuid: moment,
        video_reference_uuid: video.referenceUuid,
        elapsed_time_millis: elapsed,
        recorded_timestamp: this.timestamp(recordedMillis),
        timecode: timecodeOf(elapsed),
        last_updated_timestamp: annotated,
      }),
    );
    if (random.chance(0.95)) {
      const depth = depthAt(dive, fraction, random);
      // The values are drawn in this order: the seed's rows depend on it.
      rows.ancillary_data.push(
        annotationRow("ancillary_data", {
          uuid: this.uuids.next(),
          imaged_moment_uuid: moment,
          altitude: random.chance(0.7) ? round(random.between(0.5, 30), 2) : null,
          coordinate_reference_system: "EPSG:4326",
          depth_meters: round(depth, 2),
          latitude: round(dive.latitude + fraction * 0.02 + random.between(-0.0005, 0.0005), 6),
          longitude: round(dive.longitude - fraction * 0.03 + random.between(-0.0005, 0.0005), 6),
          oxygen_ml_per_l: round(Math.max(0.2, 6 - depth / 150 + (depth > 900 ? (depth - 900) / 500 : 0)), 3),
          pressure_dbar: round(depth * 1.0075, 2),
          salinity: round(33.4 + Math.min(1.2, depth / 1000), 3),
          temperature_celsius: round(Math.max(1.6, 14 - depth / 120 + random.between(-0.2, 0.2)), 3),
          light_transmission: round(random.between(78, 92), 2),
          last_updated_timestamp: annotated,
        }),
      );
    }
    const images = rows.image_references.length;
    if (random.chance(0.25)) {
      rows.image_references.push(this.image(moment, dive, video, elapsed, "jpg", annotated));
      if (random.chance(0.4))
        rows.image_references.push(this.image(moment, dive, video, elapsed, "png", annotated));
    }
    const roll = random.next();
    const wanted = roll < 0.75 ? 1 : roll < 0.95 ? 2 : 3;
    const count = Math.min(wanted, this.videoQuota - this.videoDone);
    const activity = activityAt(fraction, random);
    for (let k = 0; k < count; k++) {
      const observation = this.uuids.next();
      const roll = random.next();
      rows.observations.push(
        annotationRow("observations", {
          uuid: observation,
          imaged_moment_uuid: moment,
          activity,
          concept: this.mix.ranked[this.mix.conceptIndexOf[this.done] as number] as string,
          duration_millis: random.chance(0.1) ? random.int(1_000, 60_000) : null,
          observation_group: roll < 0.85 ? "ROV" : roll < 0.95 ? "Image" : "VARS",
          observation_timestamp: annotated,
          observer: random.pick(OBSERVERS),
          last_updated_timestamp: annotated,
        }),
      );
      const associations = random.chance(0.45) ? (random.chance(0.22) ? 2 : 1) : 0;
      for (let a = 0; a < associations; a++) {
        const link = random.pick(this.links);
        rows.associations.push(
          annotationRow("associations", {
            uuid: this.uuids.next(),
            observation_uuid: observation,
            link_name: link.linkName,
            link_value: link.linkValue,
            to_concept: link.toConcept,
            mime_type: "text/plain",
            last_updated_timestamp: annotated,
          }),
        );
      }
      if (this.options.boundingBoxShare && random.chance(this.options.boundingBoxShare)) {
        // The box is drawn on the moment's first image when it has one (as VARS draws it).
        const image = rows.image_references[images]?.[0] ?? null;
        rows.associations.push(
          boundingBoxAssociation(this.uuids.next(), observation, image as string | null, annotated, random),
        );
      }
      this.done++;
      this.videoDone++;
    }
  }

  /** The SQL text of an instant; with a seeded microsecond part when asked for. */
  private timestamp(millis: number): string {
    if (!this.options.microseconds) return Instant.ofEpochMillis(millis).toSql();
    return Instant.ofEpochMicros(millis * 1000 + this.random.int(1, 999)).toSql();
  }

  private image(
    moment: string,
    dive: Dive,
    video: Video,
    elapsed: number,
    format: string,
    at: string,
  ): SqlRow {
    return annotationRow("image_references", {
      uuid: this.uuids.next(),
      imaged_moment_uuid: moment,
      description: format === "png" ? "source image" : "compressed image with overlay",
      format: `image/${format}`,
      height_pixels: 1080,
      url: imageUrl(dive, video, elapsed, format),
      width_pixels: 1920,
      last_updated_timestamp: at,
    });
  }
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

/** HH:MM:SS:FF at 30 frames per second. */
export function timecodeOf(elapsedMillis: number): string {
  const seconds = Math.floor(elapsedMillis / 1000);
  const frames = Math.floor(((elapsedMillis % 1000) * 30) / 1000);
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}:${pad(frames)}`;
}
