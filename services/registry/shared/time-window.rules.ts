import type { Instant } from "../../kit/time/instant.js";

/** The part of a video that the time rules look at. */
export interface VideoSpan {
  start: Instant;
  durationMillis: number | null;
}

/**
 * Candidate videos for "covers t" must start within half the configured window of t
 * (legacy rule): a video that began earlier is not found even when it covers t.
 */
export function searchWindow(t: Instant, windowMinutes: number): { from: Instant; to: Instant } {
  const halfMillis = (windowMinutes * 60_000) / 2;
  return { from: t.plusMillis(-halfMillis), to: t.plusMillis(halfMillis) };
}

/**
 * True when the video spans t: `start == t || end == t || start < t < end`. A video
 * without a duration counts as an instant when `unknownDuration` is "instant", and never
 * covers anything when it is "excluded".
 */
export function covers(video: VideoSpan, t: Instant, unknownDuration: "instant" | "excluded"): boolean {
  if (video.durationMillis === null && unknownDuration === "excluded") return false;
  const start = video.start.epochMicros;
  const end = start + (video.durationMillis ?? 0) * 1000;
  const at = t.epochMicros;
  return start <= at && at <= end;
}

/**
 * The legacy overlap test between a target video [S,E] and another [s,e]:
 * `s==S || e==E || S<s<E || S<e<E || (s<S && e>E)`. Videos without a duration are
 * skipped; a target without one is taken as the instant S.
 */
export function isConcurrent(target: VideoSpan, other: VideoSpan): boolean {
  if (other.durationMillis === null) return false;
  const S = target.start.epochMicros;
  const E = S + (target.durationMillis ?? 0) * 1000;
  const s = other.start.epochMicros;
  const e = s + other.durationMillis * 1000;
  return s === S || e === E || (S < s && s < E) || (S < e && e < E) || (s < S && e > E);
}
