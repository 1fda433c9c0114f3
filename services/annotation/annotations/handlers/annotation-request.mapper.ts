import type { AncillaryDatum, Annotation } from "../../../../proto/gen/m3/annotation/v1/resources.js";
import { ANCILLARY_MEASUREMENTS } from "../../entities/ancillary-datum.entity.js";
import { instantOf } from "../../shared/resources.mapper.js";
import type {
  AncillaryInput,
  AnnotationUpdateInput,
  BulkAnnotationInput,
} from "../services/annotation-input.js";

/** The fields shared by the create, update and bulk messages (timestamps as protobuf Timestamps). */
type AnnotationFields = Omit<
  Partial<Annotation>,
  "associations" | "imageReferences" | "ancillaryData" | "lastUpdated"
>;

/** An annotation message as update input; `label` prefixes the field names of errors. */
export function updateInputOf(message: AnnotationFields, label = ""): AnnotationUpdateInput {
  return {
    observationUuid: message.observationUuid,
    videoReferenceUuid: message.videoReferenceUuid,
    concept: message.concept,
    observer: message.observer,
    activity: message.activity,
    group: message.group,
    durationMillis: message.durationMillis,
    observationTimestamp: instantOf(message.observationTimestamp, "observation_timestamp", label),
    timecode: message.timecode,
    elapsedTimeMillis: message.elapsedTimeMillis,
    recordedTimestamp: instantOf(message.recordedTimestamp, "recorded_timestamp", label),
  };
}

/** A bulk item: UUIDs and last_updated are dropped (the server makes its own). */
export function bulkInputOf(message: Annotation, index: number): BulkAnnotationInput {
  const { observationUuid: _ignored, ...fields } = updateInputOf(message, `annotations[${index}].`);
  return {
    ...fields,
    associations: message.associations.map((association) => ({
      linkName: association.linkName,
      toConcept: association.toConcept,
      linkValue: association.linkValue,
      mimeType: association.mimeType,
    })),
    imageReferences: message.imageReferences.map((image) => ({
      url: image.url,
      format: image.format,
      widthPixels: image.widthPixels,
      heightPixels: image.heightPixels,
      description: image.description,
    })),
    ancillaryData: message.ancillaryData && ancillaryInputOf(message.ancillaryData),
  };
}

function ancillaryInputOf(datum: AncillaryDatum): AncillaryInput {
  const input: AncillaryInput = {};
  for (const measurement of ANCILLARY_MEASUREMENTS) {
    const value = datum[measurement];
    if (value !== undefined) input[measurement] = value;
  }
  return input;
}
