import type { Instant } from "../../../kit/time/instant.js";
import type { AncillaryMeasurement } from "../../entities/ancillary-datum.entity.js";

/** The observation and index fields of an annotation, as every annotation write takes them. */
export interface AnnotationInput {
  videoReferenceUuid?: string;
  concept?: string;
  observer?: string;
  activity?: string;
  group?: string;
  durationMillis?: number;
  observationTimestamp?: Instant;
  timecode?: string;
  elapsedTimeMillis?: number;
  recordedTimestamp?: Instant;
}

export interface AssociationInput {
  linkName?: string;
  toConcept?: string;
  linkValue?: string;
  mimeType?: string;
}

export interface ImageInput {
  url?: string;
  format?: string;
  widthPixels?: number;
  heightPixels?: number;
  description?: string;
}

export type AncillaryInput = Partial<Record<AncillaryMeasurement, number | string>>;

/** One item of a bulk create: an annotation with what it brings along. */
export interface BulkAnnotationInput extends AnnotationInput {
  associations?: AssociationInput[];
  imageReferences?: ImageInput[];
  ancillaryData?: AncillaryInput;
}

/** One item of an update: which observation, and the fields to change. */
export interface AnnotationUpdateInput extends AnnotationInput {
  observationUuid?: string;
}
