import type { Instant } from "../../../kit/time/instant.js";
import type {
  MediaCreatePlace,
  MediaSequence,
  MediaVideo,
  MediaView,
} from "../../entities/registry.views.js";
import type { VideoEntity } from "../../entities/video.entity.js";
import type { VideoReferenceEntity } from "../../entities/video-reference.entity.js";
import type { VideoSequenceEntity } from "../../entities/video-sequence.entity.js";
import { checksumConflict, videoSpanConflict } from "../../shared/registry-errors.js";
import type { RegistryRepositories } from "../../shared/registry-store.js";
import { newVideo } from "../../videos/services/video.service.js";
import { newVideoReference } from "../../videos/services/video-reference.service.js";
import { newVideoSequence } from "../../videos/services/video-sequence.service.js";
import { fileFieldsOf, type MediaInput } from "./media-input.js";

/** A checked media input with the five fields a create needs. */
export type NewMediaInput = MediaInput & {
  videoSequenceName: string;
  cameraId: string;
  videoName: string;
  uri: string;
  start: Instant;
};

/**
 * Creates what is missing of sequence, video and reference, inside the caller's transaction: one
 * look-up, then only the inserts. The answer is built from the rows found and the rows written
 * (their values are known), so nothing is read back.
 */
export async function createMedia(r: RegistryRepositories, input: NewMediaInput): Promise<MediaView> {
  const place = await r.media.findCreatePlace(input.uri, input.videoName, input.videoSequenceName);
  if (place.media) {
    if (input.sha512 !== undefined && input.sha512 !== place.media.sha512) throw checksumConflict(input.uri);
    return place.media;
  }
  const video = await videoForNewMedia(r, input, place);
  const reference = newVideoReference(video.videoUuid, input.uri, fileFieldsOf(input));
  await r.references.insert(reference);
  return { ...video, ...referenceFieldsOf(reference) };
}

/** The video a new reference joins: the one of that name if start and duration agree, else a new one. */
async function videoForNewMedia(
  r: RegistryRepositories,
  input: NewMediaInput,
  place: MediaCreatePlace,
): Promise<MediaVideo> {
  const existing = place.video;
  if (existing) {
    const sameStart = existing.start.equals(input.start);
    const sameDuration =
      input.durationMillis === undefined || input.durationMillis === existing.durationMillis;
    if (!sameStart || !sameDuration) throw videoSpanConflict(input.videoName);
    return existing;
  }
  let sequence = place.sequence;
  if (!sequence) {
    const created = newVideoSequence(input.videoSequenceName, input.cameraId, input.videoSequenceDescription);
    await r.sequences.insert(created);
    sequence = sequenceFieldsOf(created);
  }
  const video = newVideo({
    name: input.videoName,
    videoSequenceUuid: sequence.videoSequenceUuid,
    start: input.start,
    durationMillis: input.durationMillis,
    description: input.videoDescription,
  });
  await r.videos.insert(video);
  return { ...sequence, ...videoFieldsOf(video) };
}

function sequenceFieldsOf(sequence: VideoSequenceEntity): MediaSequence {
  return {
    videoSequenceUuid: sequence.uuid,
    videoSequenceName: sequence.name,
    cameraId: sequence.cameraId,
    videoSequenceDescription: sequence.description,
  };
}

function videoFieldsOf(video: VideoEntity): Omit<MediaVideo, keyof MediaSequence> {
  return {
    videoUuid: video.uuid,
    videoName: video.name,
    start: video.start,
    durationMillis: video.durationMillis,
    videoDescription: video.description,
  };
}

function referenceFieldsOf(reference: VideoReferenceEntity): Omit<MediaView, keyof MediaVideo> {
  return {
    videoReferenceUuid: reference.uuid,
    uri: reference.uri,
    container: reference.container,
    videoCodec: reference.videoCodec,
    audioCodec: reference.audioCodec,
    width: reference.width,
    height: reference.height,
    frameRate: reference.frameRate,
    sizeBytes: reference.sizeBytes,
    description: reference.description,
    sha512: reference.sha512,
  };
}
