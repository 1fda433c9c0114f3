import type { Instant } from "../../kit/time/instant.js";

/**
 * Where an annotation, image or datum sits on a video's timeline. The first index present
 * decides which imaged moment it belongs to: timecode, then elapsed time, then recorded
 * timestamp (see matchMoment).
 */
export interface MomentIndexKey {
  videoReferenceUuid: string;
  timecode?: string;
  elapsedTimeMillis?: number;
  recordedTimestamp?: Instant;
}
