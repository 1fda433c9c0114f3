import { uuidV7 } from "../../../kit/ids/uuid.js";
import type { Instant } from "../../../kit/time/instant.js";
import type { MomentIndexKey } from "../../contracts/moment-index.js";
import type { ImagedMomentEntity } from "../../entities/imaged-moment.entity.js";

/** True when the key names no index at all: such a key always gets a new imaged moment. */
export function hasNoIndex(key: MomentIndexKey): boolean {
  return (
    key.timecode === undefined && key.elapsedTimeMillis === undefined && key.recordedTimestamp === undefined
  );
}

/**
 * The legacy find rule: with a timecode only the same timecode matches; otherwise an equal
 * elapsed time, and failing that an equal recorded timestamp. Among several matches the
 * first candidate wins, so callers pass candidates in a stable order (by UUID).
 */
export function matchMoment(
  candidates: readonly ImagedMomentEntity[],
  key: MomentIndexKey,
): ImagedMomentEntity | undefined {
  const inVideo = candidates.filter((moment) => moment.videoReferenceUuid === key.videoReferenceUuid);
  if (key.timecode !== undefined) return inVideo.find((moment) => moment.timecode === key.timecode);
  const byElapsed =
    key.elapsedTimeMillis === undefined
      ? undefined
      : inVideo.find((moment) => moment.elapsedTimeMillis === key.elapsedTimeMillis);
  if (byElapsed || key.recordedTimestamp === undefined) return byElapsed;
  const recorded = key.recordedTimestamp;
  return inVideo.find((moment) => moment.recordedTimestamp?.equals(recorded) ?? false);
}

/** A new imaged moment carrying every index of the key. */
export function newMoment(key: MomentIndexKey, now: Instant): ImagedMomentEntity {
  return {
    uuid: uuidV7(),
    videoReferenceUuid: key.videoReferenceUuid,
    timecode: key.timecode ?? null,
    elapsedTimeMillis: key.elapsedTimeMillis ?? null,
    recordedTimestamp: key.recordedTimestamp ?? null,
    lastUpdatedTime: now,
  };
}

/**
 * Resolves keys in order against the existing candidates; moments created for earlier keys
 * become candidates for later ones, as if the keys had been created one by one.
 */
export function resolveMoments(
  existing: readonly ImagedMomentEntity[],
  keys: readonly MomentIndexKey[],
  now: Instant,
): { moments: ImagedMomentEntity[]; created: ImagedMomentEntity[] } {
  const candidates = [...existing];
  const created: ImagedMomentEntity[] = [];
  const moments = keys.map((key) => {
    const found = hasNoIndex(key) ? undefined : matchMoment(candidates, key);
    if (found) return found;
    const moment = newMoment(key, now);
    candidates.push(moment);
    created.push(moment);
    return moment;
  });
  return { moments, created };
}
