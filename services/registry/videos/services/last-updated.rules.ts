import { Instant } from "../../../kit/time/instant.js";

/**
 * The new last_updated_time of a changed row: now, but always after the previous value,
 * so a client polling /lastupdate sees every change even within one clock tick.
 */
export function nextUpdateTime(previous: Instant, now: Instant = Instant.now()): Instant {
  return now.compare(previous) > 0 ? now : Instant.ofEpochMicros(previous.epochMicros + 1);
}
