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
 * matchMoment over candidates indexed by video and index value, for resolving many keys:
 * the first candidate added with a value wins, as the first one in the list does there.
 */
class MomentIndex {
  private readonly byTimecode = new Map<string, Map<string, ImagedMomentEntity>>();
  private readonly byElapsed = new Map<string, Map<number, ImagedMomentEntity>>();
  private readonly byRecorded = new Map<string, Map<number, ImagedMomentEntity>>();

  add(moment: ImagedMomentEntity): void {
    const video = moment.videoReferenceUuid;
    if (moment.timecode !== null) addFirst(this.byTimecode, video, moment.timecode, moment);
    if (moment.elapsedTimeMillis !== null && !Number.isNaN(moment.elapsedTimeMillis)) {
      addFirst(this.byElapsed, video, moment.elapsedTimeMillis, moment);
    }
    if (moment.recordedTimestamp !== null) {
      addFirst(this.byRecorded, video, moment.recordedTimestamp.epochMicros, moment);
    }
  }

  match(key: MomentIndexKey): ImagedMomentEntity | undefined {
    const video = key.videoReferenceUuid;
    if (key.timecode !== undefined) return this.byTimecode.get(video)?.get(key.timecode);
    const byElapsed =
      key.elapsedTimeMillis === undefined ? undefined : this.byElapsed.get(video)?.get(key.elapsedTimeMillis);
    if (byElapsed || key.recordedTimestamp === undefined) return byElapsed;
    return this.byRecorded.get(video)?.get(key.recordedTimestamp.epochMicros);
  }
}

function addFirst<K>(
  index: Map<string, Map<K, ImagedMomentEntity>>,
  video: string,
  value: K,
  moment: ImagedMomentEntity,
): void {
  let values = index.get(video);
  if (!values) {
    values = new Map();
    index.set(video, values);
  }
  if (!values.has(value)) values.set(value, moment);
}

/**
 * Resolves keys in order against the existing candidates; moments created for earlier keys
 * become candidates for later ones, as if the keys had been created one by one. Candidates
 * are indexed once, so many keys cost no more than a pass over them.
 */
export function resolveMoments(
  existing: readonly ImagedMomentEntity[],
  keys: readonly MomentIndexKey[],
  now: Instant,
): { moments: ImagedMomentEntity[]; created: ImagedMomentEntity[] } {
  const candidates = new MomentIndex();
  for (const moment of existing) candidates.add(moment);
  const created: ImagedMomentEntity[] = [];
  const moments = keys.map((key) => {
    const found = hasNoIndex(key) ? undefined : candidates.match(key);
    if (found) return found;
    const moment = newMoment(key, now);
    candidates.add(moment);
    created.push(moment);
    return moment;
  });
  return { moments, created };
}
