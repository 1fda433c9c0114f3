import type { Instant } from "../../kit/time/instant.js";
import type { VideoEntity } from "./video.entity.js";
import type { VideoReferenceEntity } from "./video-reference.entity.js";
import type { VideoSequenceEntity } from "./video-sequence.entity.js";

/** A video with its references, ordered by URI. */
export interface VideoTree extends VideoEntity {
  videoReferences: VideoReferenceEntity[];
}

/** A sequence with its videos (ordered by start), each with its references. */
export interface VideoSequenceTree extends VideoSequenceEntity {
  videos: VideoTree[];
}

/** One video reference flattened with its video and sequence (the legacy Media record). */
export interface MediaView {
  videoSequenceUuid: string;
  videoUuid: string;
  videoReferenceUuid: string;
  videoSequenceName: string;
  cameraId: string;
  videoName: string;
  uri: string;
  start: Instant;
  durationMillis: number | null;
  container: string | null;
  videoCodec: string | null;
  audioCodec: string | null;
  width: number | null;
  height: number | null;
  frameRate: number | null;
  sizeBytes: number | null;
  /** The video reference's description. */
  description: string | null;
  videoSequenceDescription: string | null;
  videoDescription: string | null;
  sha512: string | null;
}

/** The sequence part of a Media record. */
export type MediaSequence = Pick<
  MediaView,
  "videoSequenceUuid" | "videoSequenceName" | "cameraId" | "videoSequenceDescription"
>;

/** The video part of a Media record, with its sequence. */
export type MediaVideo = MediaSequence &
  Pick<MediaView, "videoUuid" | "videoName" | "start" | "durationMillis" | "videoDescription">;

/**
 * What a new media can join, as createMedia looks it up: the media of its URI, the video of its
 * name (with that video's own sequence), the sequence of its name; each absent when there is none.
 */
export interface MediaCreatePlace {
  media?: MediaView;
  video?: MediaVideo;
  sequence?: MediaSequence;
}
