import { Instant } from "../../../kit/time/instant.js";
import type { MomentIndexKey } from "../../contracts/moment-index.js";
import type { ImagedMomentEntity } from "../../entities/imaged-moment.entity.js";
import type { AnnotationInput, AssociationInput, ImageInput } from "./annotation-input.js";
import {
  checkLength,
  checkName,
  checkNonNegative,
  isBlank,
  MAX_LENGTH,
  optionalUuid,
  requireFields,
} from "./annotation-input.rules.js";

export const DEFAULT_MIME_TYPE = "text/plain";

const ASSOCIATION_LENGTH = { linkName: 128, toConcept: 128, linkValue: 1024, mimeType: 64 } as const;
const IMAGE_LENGTH = { url: 1024, format: 64, description: 256 } as const;

/** `label` prefixes field names in errors, e.g. "annotations[3]." for a bulk item. */
export function checkAnnotationFields<T extends AnnotationInput>(input: T, label = ""): T {
  return {
    ...input,
    videoReferenceUuid: optionalUuid(input.videoReferenceUuid, "video_reference_uuid", label),
    concept: checkName(input.concept, MAX_LENGTH.concept, "concept", label),
    observer: checkLength(input.observer, MAX_LENGTH.observer, "observer", label),
    activity: checkLength(input.activity, MAX_LENGTH.activity, "activity", label),
    group: checkLength(input.group, MAX_LENGTH.group, "group", label),
    timecode: checkLength(input.timecode, MAX_LENGTH.timecode, "timecode", label),
    durationMillis: checkNonNegative(input.durationMillis, "duration_millis", label),
  };
}

/** A new annotation needs its video reference and its concept. */
export function checkNewAnnotation<T extends AnnotationInput>(input: T, label = ""): T {
  if (isBlank(input.videoReferenceUuid) || isBlank(input.concept)) {
    requireFields({
      [`${label}video_reference_uuid`]: input.videoReferenceUuid,
      [`${label}concept`]: input.concept,
    });
  }
  return checkAnnotationFields(input, label);
}

export function checkAssociation(input: AssociationInput, label: string): AssociationInput {
  if (isBlank(input.linkName)) requireFields({ [`${label}link_name`]: input.linkName });
  return {
    linkName: checkLength(input.linkName, ASSOCIATION_LENGTH.linkName, "link_name", label),
    toConcept: checkLength(input.toConcept, ASSOCIATION_LENGTH.toConcept, "to_concept", label),
    linkValue: checkLength(input.linkValue, ASSOCIATION_LENGTH.linkValue, "link_value", label),
    mimeType: checkLength(input.mimeType, ASSOCIATION_LENGTH.mimeType, "mime_type", label),
  };
}

export function checkImage(input: ImageInput, label: string): ImageInput {
  if (isBlank(input.url)) requireFields({ [`${label}url`]: input.url });
  return {
    url: checkLength(input.url, IMAGE_LENGTH.url, "url", label),
    format: checkLength(input.format, IMAGE_LENGTH.format, "format", label),
    widthPixels: checkNonNegative(input.widthPixels, "width_pixels", label),
    heightPixels: checkNonNegative(input.heightPixels, "height_pixels", label),
    description: checkLength(input.description, IMAGE_LENGTH.description, "description", label),
  };
}

/** The imaged-moment key of a new annotation (video reference already checked). */
export function keyOf(input: AnnotationInput): MomentIndexKey {
  return {
    videoReferenceUuid: input.videoReferenceUuid as string,
    timecode: input.timecode,
    elapsedTimeMillis: input.elapsedTimeMillis,
    recordedTimestamp: input.recordedTimestamp,
  };
}

/** Text that tells keys apart, for merging the items of a bulk create that share one. */
export function keyText(key: MomentIndexKey): string {
  return JSON.stringify([
    key.videoReferenceUuid,
    key.timecode ?? null,
    key.elapsedTimeMillis ?? null,
    key.recordedTimestamp?.epochMicros ?? null,
  ]);
}

/**
 * Where an updated observation goes: nowhere when the update names no video or index;
 * otherwise the key built from each given value or the current moment's one.
 */
export function moveKeyOf(input: AnnotationInput, current: ImagedMomentEntity): MomentIndexKey | undefined {
  const moves =
    input.videoReferenceUuid !== undefined ||
    input.timecode !== undefined ||
    input.elapsedTimeMillis !== undefined ||
    input.recordedTimestamp !== undefined;
  if (!moves) return undefined;
  const key: MomentIndexKey = {
    videoReferenceUuid: input.videoReferenceUuid ?? current.videoReferenceUuid,
    timecode: input.timecode ?? current.timecode ?? undefined,
    elapsedTimeMillis: input.elapsedTimeMillis ?? current.elapsedTimeMillis ?? undefined,
    recordedTimestamp: input.recordedTimestamp ?? current.recordedTimestamp ?? undefined,
  };
  return keyText(key) === keyText(keyOfMoment(current)) ? undefined : key;
}

function keyOfMoment(moment: ImagedMomentEntity): MomentIndexKey {
  return {
    videoReferenceUuid: moment.videoReferenceUuid,
    timecode: moment.timecode ?? undefined,
    elapsedTimeMillis: moment.elapsedTimeMillis ?? undefined,
    recordedTimestamp: moment.recordedTimestamp ?? undefined,
  };
}

/** The observation time of a write: the given one, else now (the legacy rule on every update). */
export function observationTimeOf(input: AnnotationInput, now: Instant = Instant.now()): Instant {
  return input.observationTimestamp ?? now;
}
