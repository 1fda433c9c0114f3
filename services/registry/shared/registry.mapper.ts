import type {
  LastUpdatedTime,
  Media,
  Video,
  VideoReference,
  VideoSequence,
} from "../../../proto/gen/m3/registry/v1/resources.js";
import { instantOf } from "../../kit/input/field-rules.js";
import type { Instant } from "../../kit/time/instant.js";
import type { MediaView, VideoSequenceTree, VideoTree } from "../entities/registry.views.js";
import type { VideoReferenceEntity } from "../entities/video-reference.entity.js";
import type { MediaInput } from "../media/services/media-input.js";

export { instantOf };

function optional<T>(value: T | null): T | undefined {
  return value ?? undefined;
}

export function toVideoReference(reference: VideoReferenceEntity): VideoReference {
  return {
    uuid: reference.uuid,
    uri: reference.uri,
    container: optional(reference.container),
    videoCodec: optional(reference.videoCodec),
    audioCodec: optional(reference.audioCodec),
    width: optional(reference.width),
    height: optional(reference.height),
    frameRate: optional(reference.frameRate),
    sizeBytes: optional(reference.sizeBytes),
    sha512: optional(reference.sha512),
    description: optional(reference.description),
    lastUpdatedTime: reference.lastUpdatedTime.toTimestamp(),
  };
}

export function toVideo(video: VideoTree): Video {
  return {
    uuid: video.uuid,
    name: video.name,
    startTimestamp: video.start.toTimestamp(),
    durationMillis: optional(video.durationMillis),
    description: optional(video.description),
    lastUpdatedTime: video.lastUpdatedTime.toTimestamp(),
    videoReferences: video.videoReferences.map(toVideoReference),
  };
}

export function toVideoSequence(sequence: VideoSequenceTree): VideoSequence {
  return {
    uuid: sequence.uuid,
    name: sequence.name,
    cameraId: sequence.cameraId,
    description: optional(sequence.description),
    lastUpdatedTime: sequence.lastUpdatedTime.toTimestamp(),
    videos: sequence.videos.map(toVideo),
  };
}

export function toMedia(media: MediaView): Media {
  return {
    videoSequenceUuid: media.videoSequenceUuid,
    videoUuid: media.videoUuid,
    videoReferenceUuid: media.videoReferenceUuid,
    videoSequenceName: media.videoSequenceName,
    cameraId: media.cameraId,
    videoName: media.videoName,
    uri: media.uri,
    startTimestamp: media.start.toTimestamp(),
    durationMillis: optional(media.durationMillis),
    container: optional(media.container),
    videoCodec: optional(media.videoCodec),
    audioCodec: optional(media.audioCodec),
    width: optional(media.width),
    height: optional(media.height),
    frameRate: optional(media.frameRate),
    sizeBytes: optional(media.sizeBytes),
    description: optional(media.description),
    videoSequenceDescription: optional(media.videoSequenceDescription),
    videoDescription: optional(media.videoDescription),
    sha512: optional(media.sha512),
  };
}

export function toLastUpdatedTime(instant: Instant): LastUpdatedTime {
  return { timestamp: instant.toTimestamp() };
}

/** A Media message as service input; its uuids are dropped (they are never used as input). */
export function mediaInputOf(media: Media | undefined): MediaInput {
  if (!media) return {};
  return {
    videoSequenceName: media.videoSequenceName,
    cameraId: media.cameraId,
    videoName: media.videoName,
    uri: media.uri,
    start: instantOf(media.startTimestamp, "start_timestamp"),
    durationMillis: media.durationMillis,
    container: media.container,
    videoCodec: media.videoCodec,
    audioCodec: media.audioCodec,
    width: media.width,
    height: media.height,
    frameRate: media.frameRate,
    sizeBytes: media.sizeBytes,
    description: media.description,
    videoSequenceDescription: media.videoSequenceDescription,
    videoDescription: media.videoDescription,
    sha512: media.sha512,
  };
}
