import type { Instant } from "../../../kit/time/instant.js";
import {
  checkLength,
  checkName,
  checkNonNegative,
  checkUri,
  MAX_LENGTH,
} from "../../shared/registry-input.rules.js";
import { checkFileFields, type FileFields } from "../../videos/services/video-reference.service.js";

/** A Media record as input: only the fields present are used; uuids never are. */
export interface MediaInput extends FileFields {
  videoSequenceName?: string;
  cameraId?: string;
  videoName?: string;
  uri?: string;
  start?: Instant;
  durationMillis?: number;
  videoSequenceDescription?: string;
  videoDescription?: string;
}

/** Checks every field given (lengths, URI form, digest) and normalises the digest. */
export function checkMediaInput(input: MediaInput): MediaInput {
  return {
    ...input,
    ...checkFileFields(input),
    videoSequenceName: checkName(input.videoSequenceName, MAX_LENGTH.name, "video_sequence_name"),
    cameraId: checkName(input.cameraId, MAX_LENGTH.cameraId, "camera_id"),
    videoName: checkName(input.videoName, MAX_LENGTH.name, "video_name"),
    uri: input.uri === undefined ? undefined : checkUri(input.uri),
    durationMillis: checkNonNegative(input.durationMillis, "duration_millis"),
    videoSequenceDescription: checkLength(
      input.videoSequenceDescription,
      MAX_LENGTH.description,
      "video_sequence_description",
    ),
    videoDescription: checkLength(input.videoDescription, MAX_LENGTH.description, "video_description"),
  };
}

/** The reference fields of a media input, as reference columns. */
export function fileFieldsOf(input: MediaInput): FileFields {
  return {
    container: input.container,
    videoCodec: input.videoCodec,
    audioCodec: input.audioCodec,
    width: input.width,
    height: input.height,
    frameRate: input.frameRate,
    sizeBytes: input.sizeBytes,
    sha512: input.sha512,
    description: input.description,
  };
}
