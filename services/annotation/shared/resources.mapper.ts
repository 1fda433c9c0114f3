import type {
  AncillaryDatum,
  Annotation,
  Association,
  Image,
  ImagedMoment,
  ImageReference,
  Observation,
} from "../../../proto/gen/m3/annotation/v1/resources.js";
import { instantOf } from "../../kit/input/field-rules.js";
import type { MomentGraph } from "../contracts/imaged-moment-store.js";
import type { ObservationGraph } from "../contracts/observation-store.js";
import type { AncillaryDatumEntity } from "../entities/ancillary-datum.entity.js";
import type { AssociationEntity } from "../entities/association.entity.js";
import type { ImageReferenceEntity } from "../entities/image-reference.entity.js";
import type { ImagedMomentEntity } from "../entities/imaged-moment.entity.js";

export { instantOf };

function optional<T>(value: T | null | undefined): T | undefined {
  return value ?? undefined;
}

/** NaN measurements read from legacy data count as absent. */
function measure(value: number | null): number | undefined {
  return value === null || Number.isNaN(value) ? undefined : value;
}

/** With `owner` the foreign keys are printed (a top-level record); nested records leave them out. */
export function toAssociation(
  association: AssociationEntity,
  owner?: { imagedMomentUuid: string },
): Association {
  return {
    linkName: association.linkName,
    toConcept: optional(association.toConcept),
    linkValue: optional(association.linkValue),
    mimeType: association.mimeType,
    uuid: association.uuid,
    lastUpdatedTime: association.lastUpdatedTime.toTimestamp(),
    observationUuid: owner ? association.observationUuid : undefined,
    imagedMomentUuid: owner?.imagedMomentUuid,
  };
}

export function toObservation(graph: ObservationGraph): Observation {
  const { observation } = graph;
  return {
    concept: optional(observation.concept),
    durationMillis: optional(observation.durationMillis),
    group: optional(observation.group),
    activity: optional(observation.activity),
    observer: optional(observation.observer),
    observationTimestamp: observation.observationTimestamp.toTimestamp(),
    associations: graph.associations.map((association) => toAssociation(association)),
    uuid: observation.uuid,
    lastUpdatedTime: observation.lastUpdatedTime.toTimestamp(),
  };
}

/** With `withOwner` the imaged moment's UUID is printed (a top-level record). */
export function toImageReference(image: ImageReferenceEntity, withOwner = false): ImageReference {
  return {
    url: image.url,
    format: optional(image.format),
    widthPixels: optional(image.widthPixels),
    heightPixels: optional(image.heightPixels),
    description: optional(image.description),
    uuid: image.uuid,
    lastUpdatedTime: image.lastUpdatedTime.toTimestamp(),
    imagedMomentUuid: withOwner ? image.imagedMomentUuid : undefined,
  };
}

/** With `moment` the imaged moment's UUID and recorded timestamp are printed (the extended form). */
export function toAncillaryDatum(datum: AncillaryDatumEntity, moment?: ImagedMomentEntity): AncillaryDatum {
  return {
    latitude: measure(datum.latitude),
    longitude: measure(datum.longitude),
    depthMeters: measure(datum.depthMeters),
    altitude: measure(datum.altitude),
    crs: optional(datum.crs),
    salinity: measure(datum.salinity),
    temperatureCelsius: measure(datum.temperatureCelsius),
    oxygenMlL: measure(datum.oxygenMlL),
    pressureDbar: measure(datum.pressureDbar),
    lightTransmission: measure(datum.lightTransmission),
    x: measure(datum.x),
    y: measure(datum.y),
    z: measure(datum.z),
    posePositionUnits: optional(datum.posePositionUnits),
    phi: measure(datum.phi),
    theta: measure(datum.theta),
    psi: measure(datum.psi),
    uuid: datum.uuid,
    lastUpdatedTime: datum.lastUpdatedTime.toTimestamp(),
    imagedMomentUuid: moment?.uuid,
    recordedTimestamp: moment?.recordedTimestamp?.toTimestamp(),
  };
}

/** The extended imaged moment: observations with associations, images and ancillary data. */
export function toImagedMoment(graph: MomentGraph, observations: readonly ObservationGraph[]): ImagedMoment {
  const { moment } = graph;
  return {
    videoReferenceUuid: moment.videoReferenceUuid,
    timecode: optional(moment.timecode),
    elapsedTimeMillis: optional(moment.elapsedTimeMillis),
    recordedTimestamp: moment.recordedTimestamp?.toTimestamp(),
    observations: observations.map(toObservation),
    imageReferences: graph.imageReferences.map((image) => toImageReference(image)),
    ancillaryData: graph.ancillaryDatum ? toAncillaryDatum(graph.ancillaryDatum) : undefined,
    uuid: moment.uuid,
    lastUpdatedTime: moment.lastUpdatedTime.toTimestamp(),
  };
}

/** An observation flattened with its moment; `withData` adds the moment's ancillary data. */
export function toAnnotation(
  graph: MomentGraph,
  observation: ObservationGraph,
  withData: boolean,
): Annotation {
  const { moment } = graph;
  const entity = observation.observation;
  return {
    activity: optional(entity.activity),
    ancillaryData: withData && graph.ancillaryDatum ? toAncillaryDatum(graph.ancillaryDatum) : undefined,
    associations: observation.associations.map((association) => toAssociation(association)),
    concept: optional(entity.concept),
    durationMillis: optional(entity.durationMillis),
    elapsedTimeMillis: optional(moment.elapsedTimeMillis),
    group: optional(entity.group),
    imagedMomentUuid: moment.uuid,
    imageReferences: graph.imageReferences.map((image) => toImageReference(image)),
    observationTimestamp: entity.observationTimestamp.toTimestamp(),
    observationUuid: entity.uuid,
    observer: optional(entity.observer),
    recordedTimestamp: moment.recordedTimestamp?.toTimestamp(),
    timecode: optional(moment.timecode),
    videoReferenceUuid: moment.videoReferenceUuid,
    lastUpdated: entity.lastUpdatedTime.toTimestamp(),
  };
}

/** An image reference flattened with its imaged moment. */
export function toImage(image: ImageReferenceEntity, moment: ImagedMomentEntity): Image {
  return {
    imageReferenceUuid: image.uuid,
    videoReferenceUuid: moment.videoReferenceUuid,
    imagedMomentUuid: moment.uuid,
    format: optional(image.format),
    widthPixels: optional(image.widthPixels),
    heightPixels: optional(image.heightPixels),
    url: image.url,
    description: optional(image.description),
    timecode: optional(moment.timecode),
    elapsedTimeMillis: optional(moment.elapsedTimeMillis),
    recordedTimestamp: moment.recordedTimestamp?.toTimestamp(),
  };
}
