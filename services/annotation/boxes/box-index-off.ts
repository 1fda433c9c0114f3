/** The warning of an annotation database whose box index is not kept (its triggers were refused). */
import { processLogger } from "../../kit/log/logger.js";

/** How to turn the box index on once its triggers were refused. */
export const BOX_INDEX_REMEDY =
  "grant the database user TRIGGER on associations, observations and imaged_moments (and, with a binary log, SUPER or " +
  "log_bin_trust_function_creators=ON), then run `m3 boxes reindex`, which makes the triggers and rebuilds the index";

/** Logs that the database refused the box index's triggers: box queries answer 503 until it is turned on. */
export function warnBoxIndexRefused(refusal: unknown): void {
  const reason = (refusal as { message?: unknown })?.message ?? String(refusal);
  processLogger().warn(
    { reason },
    `the annotation box index is off: the database refused its triggers (${reason}); box queries answer 503. To turn it on, ${BOX_INDEX_REMEDY}`,
  );
}
