import type {
  DatasetAnnotation,
  DatasetMedia,
  DatasetSlice,
} from "../../../../proto/gen/m3/annotation/v1/dataset_service.js";
import type { AnnotationGraph } from "../../annotations/services/annotation-graphs.js";
import { toFastAnnotation } from "../../fast/handlers/fast.mapper.js";
import type { DatasetMediaRow } from "../repositories/dataset-media.repository.js";
import type { DatasetPart } from "../services/dataset.service.js";

/**
 * The fast query's annotation under the names of charybdis's Java model: image sizes as
 * width and height, and `saved` (true for every stored annotation).
 */
function toDatasetAnnotation(graph: AnnotationGraph, withData: boolean): DatasetAnnotation {
  const annotation = toFastAnnotation(graph, withData);
  return {
    observationUuid: annotation.observationUuid,
    concept: annotation.concept,
    observer: annotation.observer,
    observationTimestamp: annotation.observationTimestamp,
    videoReferenceUuid: annotation.videoReferenceUuid,
    imagedMomentUuid: annotation.imagedMomentUuid,
    timecode: annotation.timecode,
    elapsedTimeMillis: annotation.elapsedTimeMillis,
    recordedTimestamp: annotation.recordedTimestamp,
    durationMillis: annotation.durationMillis,
    group: annotation.group,
    activity: annotation.activity,
    associations: annotation.associations,
    imageReferences: annotation.imageReferences.map((image) => ({
      uuid: image.uuid,
      description: image.description,
      url: image.url,
      format: image.format,
      width: image.widthPixels,
      height: image.heightPixels,
    })),
    ancillaryData: annotation.ancillaryData,
    saved: true,
  };
}

function toDatasetMedia(media: DatasetMediaRow): DatasetMedia {
  return {
    videoSequenceUuid: media.videoSequenceUuid,
    videoReferenceUuid: media.videoReferenceUuid,
    videoUuid: media.videoUuid,
    videoSequenceName: media.videoSequenceName,
    cameraId: media.cameraId,
    uri: media.uri,
    startTimestamp: media.start.toTimestamp(),
    durationMillis: media.durationMillis ?? undefined,
    container: media.container ?? undefined,
    width: media.width ?? undefined,
    height: media.height ?? undefined,
    frameRate: media.frameRate ?? undefined,
    sizeBytes: media.sizeBytes ?? undefined,
    // charybdis prints the digest's bytes as lowercase hex.
    sha512: media.sha512?.toLowerCase() ?? undefined,
    videoCodec: media.videoCodec ?? undefined,
    audioCodec: media.audioCodec ?? undefined,
    description: media.description ?? undefined,
    videoName: media.videoName,
    videoDescription: media.videoDescription ?? undefined,
    videoSequenceDescription: media.videoSequenceDescription ?? undefined,
  };
}

export function toDatasetSlice(part: DatasetPart, withData: boolean): DatasetSlice {
  return {
    media: part.media.map(toDatasetMedia),
    annotations: part.annotations.map((graph) => toDatasetAnnotation(graph, withData)),
  };
}
