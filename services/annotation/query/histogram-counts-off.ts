/**
 * The warnings of an annotation database that does not keep the histogram counts (their
 * triggers were refused): what it means, and how to turn them on.
 */
import { processLogger } from "../../kit/log/logger.js";

/**
 * How to turn the counts on, for the warnings of a database that does not keep them. The grant
 * names the tables: MariaDB reads a user's database-wide privileges when a connection starts,
 * so after `GRANT TRIGGER ON db.*` the connections the services opened before it fail their
 * writes on those tables once the user's triggers are there, until they reconnect.
 */
const HISTOGRAM_COUNTS_REMEDY =
  "grant the database user TRIGGER on the tables they are kept from (GRANT TRIGGER ON <database>.imaged_moments TO <user>, " +
  "and the same on <database>.observations and <database>.ancillary_data; a grant ON <database>.* reaches only connections made after it) " +
  "and, when the server writes a binary log, SUPER or set log_bin_trust_function_creators=ON; then run " +
  "`m3 migrate annotation`, which makes the triggers and counts once, and restart the annotation service";

/** The refusal last warned of: `m3 migrate` meets the same one in the migration and right after it. */
let warnedReason: unknown;

/**
 * Logs that the database refused the triggers that keep the histogram counts (once per
 * refusal in a row): histograms whose only constraint is a whole-metre depth or whole-day time
 * range join the tables instead (the same answers, about a second per million annotations).
 */
export function warnHistogramCountsRefused(refusal: unknown): void {
  const reason = (refusal as { message?: unknown })?.message ?? String(refusal);
  if (reason === warnedReason) return;
  warnedReason = reason;
  processLogger().warn(
    { reason },
    `annotation histogram counts are off: the database refused their triggers (${reason}); ` +
      `histograms over every annotation join the tables instead, with the same answers, slower. To turn them on, ${HISTOGRAM_COUNTS_REMEDY}`,
  );
}

/** Logs, for a process that found them missing, that the histograms join instead of reading the counts. */
export function warnHistogramCountsMissing(missing: readonly string[]): void {
  processLogger().warn(
    { missing },
    `the annotation database does not keep the histogram counts (their triggers are missing): histograms over every annotation join the tables instead, with the same answers, slower. To turn them on, ${HISTOGRAM_COUNTS_REMEDY}`,
  );
}
