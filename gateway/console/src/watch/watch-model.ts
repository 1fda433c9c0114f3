/**
 * The Watch screen's rules, free of Vue and the DOM: which file of a video the browser plays,
 * where each annotation sits on the video's time, which one is current, its boxes, and the
 * dive's depth and position at a moment.
 */
import type { StoredAssociation } from "./association-model.js";

/** A box in the pixels of the image it was drawn on (a `bounding box` association's JSON). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  /** The association holding it, once stored. */
  uuid?: string;
  /** The image it was drawn on, as its value names it. */
  imageReferenceUuid?: string;
}

/** An annotation placed on its video's time. */
export interface WatchAnnotation {
  uuid: string;
  concept: string;
  observer: string;
  /** From the start of the video. */
  seconds: number;
  boxes: Box[];
  /** The first image of its moment, which new boxes are drawn on. */
  imageReferenceUuid?: string;
  activity?: string;
  group?: string;
  durationMillis?: number;
  /** All its associations, boxes included (the boxes also parsed in `boxes`). */
  associations?: StoredAssociation[];
  /** What the server holds besides, which bringing it back after a delete needs. */
  stored?: StoredMoment;
}

/** An annotation's observation time and its moment's indices and images, as the server has them. */
export interface StoredMoment {
  observationTimestamp?: string;
  timecode?: string;
  elapsedTimeMillis?: number;
  recordedTimestamp?: string;
  images: {
    url?: string;
    format?: string;
    width_pixels?: number;
    height_pixels?: number;
    description?: string;
  }[];
  /** The moment's measurements (depth, position, …), when the read that placed it carried them. */
  ancillaryData?: Record<string, number | string>;
}

/** One ancillary reading of the dive: depth and position at a recorded time. */
export interface AncillarySample {
  recordedMillis: number;
  depthMeters?: number;
  latitude?: number;
  longitude?: number;
}

/** Where the vehicle was: each value interpolated between the readings around the moment. */
export interface DiveState {
  depthMeters?: number;
  latitude?: number;
  longitude?: number;
}

/** A file of a video, as the registry lists it. */
export interface ReferenceLike {
  uuid: string;
  uri: string;
  container?: string;
}

/** The link name M3 stores boxes under (vars-localize, vars-gridview). */
export const BOUNDING_BOX_LINK = "bounding box";
/** Containers a browser's video element plays. */
const BROWSER_CONTAINERS = new Set(["video/mp4", "video/webm", "video/ogg"]);
/** A reading further than this from the moment says nothing about it. */
const ANCILLARY_REACH_MILLIS = 5 * 60_000;

/** The file the browser plays: the first in a browser container at an http(s) or file: URI. */
export function playableReferenceOf<R extends ReferenceLike>(references: readonly R[]): R | undefined {
  const reachable = references.filter((reference) => /^(https?|file):/i.test(reference.uri));
  return (
    reachable.find((reference) => BROWSER_CONTAINERS.has(reference.container ?? "")) ??
    reachable.find((reference) => /\.(mp4|m4v|webm)$/i.test(reference.uri))
  );
}

/** The boxes among an annotation's associations; a value that is not a box is skipped. */
export function boxesOf(
  associations: readonly { link_name?: string; link_value?: string; uuid?: string }[],
): Box[] {
  const boxes: Box[] = [];
  for (const association of associations) {
    if (association.link_name !== BOUNDING_BOX_LINK) continue;
    try {
      const value = JSON.parse(association.link_value ?? "") as Record<string, unknown>;
      const { x, y, width, height } = value;
      const numbers = [x, y, width, height];
      if (
        numbers.every((n) => typeof n === "number" && Number.isFinite(n)) &&
        (width as number) > 0 &&
        (height as number) > 0
      )
        boxes.push({
          x: x as number,
          y: y as number,
          width: width as number,
          height: height as number,
          ...(association.uuid ? { uuid: association.uuid } : {}),
          ...(typeof value.image_reference_uuid === "string"
            ? { imageReferenceUuid: value.image_reference_uuid }
            : {}),
        });
    } catch {
      // Text that is not JSON is not a box.
    }
  }
  return boxes;
}

/**
 * The time of the current annotations: the latest moment annotated at or before `seconds`
 * (within half a frame, so a frame shown is its own moment). Undefined before the first.
 */
export function currentMomentOf(
  annotations: readonly WatchAnnotation[],
  seconds: number,
  frameSeconds: number,
): number | undefined {
  let moment: number | undefined;
  for (const annotation of annotations) {
    if (
      annotation.seconds <= seconds + frameSeconds / 2 &&
      (moment === undefined || annotation.seconds > moment)
    )
      moment = annotation.seconds;
  }
  return moment;
}

/** Whether the frame at `seconds` is the one annotated at `moment`. */
export function isOnFrame(moment: number, seconds: number, frameSeconds: number): boolean {
  return Math.abs(moment - seconds) < frameSeconds / 2;
}

/** The dive's state at a recorded time, from readings sorted by time. */
export function diveStateAt(samples: readonly AncillarySample[], recordedMillis: number): DiveState {
  return {
    depthMeters: valueAt(samples, recordedMillis, (sample) => sample.depthMeters),
    latitude: valueAt(samples, recordedMillis, (sample) => sample.latitude),
    longitude: valueAt(samples, recordedMillis, (sample) => sample.longitude),
  };
}

function valueAt(
  samples: readonly AncillarySample[],
  at: number,
  read: (sample: AncillarySample) => number | undefined,
): number | undefined {
  let before: AncillarySample | undefined;
  let after: AncillarySample | undefined;
  for (const sample of samples) {
    if (read(sample) === undefined) continue;
    if (sample.recordedMillis <= at) before = sample;
    else {
      after = sample;
      break;
    }
  }
  if (before && after) {
    const share = (at - before.recordedMillis) / (after.recordedMillis - before.recordedMillis);
    return (read(before) as number) + share * ((read(after) as number) - (read(before) as number));
  }
  const nearest = before ?? after;
  if (!nearest || Math.abs(nearest.recordedMillis - at) > ANCILLARY_REACH_MILLIS) return undefined;
  return read(nearest);
}

/** `mm:ss.mmm` (or `h:mm:ss.mmm`) of a time in seconds. */
export function clockOf(seconds: number): string {
  const millis = Math.max(0, Math.round(seconds * 1000));
  const hours = Math.floor(millis / 3_600_000);
  const minutes = Math.floor(millis / 60_000) % 60;
  const rest = ((millis % 60_000) / 1000).toFixed(3).padStart(6, "0");
  const mm = String(minutes).padStart(2, "0");
  return hours > 0 ? `${hours}:${mm}:${rest}` : `${mm}:${rest}`;
}
