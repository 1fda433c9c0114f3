import type { Logger } from "pino";
import type { KbPart } from "../contracts/part.js";

/**
 * Fills every kb part's cache in the background as the kb opens: the whole kb's views take a
 * few MB, and held from the start they keep memory flat and the first reads as fast as later
 * ones. A failure only logs: the caches then fill as concepts are read.
 */
export async function warmCaches(parts: readonly KbPart[], logger: Logger): Promise<void> {
  const started = performance.now();
  try {
    await Promise.all(parts.map((part) => part.warm?.()));
    logger.debug({ durationMs: Math.round(performance.now() - started) }, "kb caches filled");
  } catch (error) {
    logger.warn(
      { err: error },
      "could not fill the kb caches ahead of requests; they fill as concepts are read",
    );
  }
}
