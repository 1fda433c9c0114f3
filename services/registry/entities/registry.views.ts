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
