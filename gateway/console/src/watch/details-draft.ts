import type { WatchAnnotation } from "./watch-model.js";

/** The details form's three boxes, as the text in them. */
export interface DetailsDraft {
  activity: string;
  group: string;
  seconds: string;
}

type StoredDetails = Pick<WatchAnnotation, "activity" | "group" | "durationMillis">;

/** The boxes as `annotation` has its details stored. */
export function draftOf(annotation: StoredDetails): DetailsDraft {
  return {
    activity: annotation.activity ?? "",
    group: annotation.group ?? "",
    seconds: annotation.durationMillis === undefined ? "" : String(annotation.durationMillis / 1000),
  };
}

/**
 * The boxes once the shown annotation `before` became `now` (read back after a change, changed by
 * someone else, or another one selected). Another annotation fills them afresh. For the same one,
 * a box still as `before` had it follows `now`, and a box the user has typed in keeps their text:
 * a read-back arriving while they type does not wipe what they typed.
 */
export function followStored(
  draft: DetailsDraft,
  before: WatchAnnotation | undefined,
  now: WatchAnnotation,
): DetailsDraft {
  const stored = draftOf(now);
  if (before?.uuid !== now.uuid) return stored;
  const was = draftOf(before);
  const follow = (box: keyof DetailsDraft) => (draft[box] === was[box] ? stored[box] : draft[box]);
  return { activity: follow("activity"), group: follow("group"), seconds: follow("seconds") };
}
