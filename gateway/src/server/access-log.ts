import type { Logger } from "pino";
import { type Env, readInt, readString } from "../../../services/kit/config/env-reader.js";

/**
 * Which requests get an access line at info: `all`, or only the ones somebody needs to look
 * at (`errors-and-slow`, the default). Failed and slow requests are logged whatever it says;
 * the other requests then log at debug only, which costs nothing while debug is off.
 */
export type AccessLogMode = "all" | "errors-and-slow";

export interface AccessLogSettings {
  mode: AccessLogMode;
  /** A request that takes at least this long logs a warning. */
  slowRequestMillis: number;
}

export const DEFAULT_ACCESS_LOG: AccessLogSettings = { mode: "errors-and-slow", slowRequestMillis: 1000 };

/** M3_ACCESS_LOG and M3_SLOW_REQUEST_MILLIS. */
export function readAccessLogSettings(env: Env): AccessLogSettings {
  const mode = readString(env, "M3_ACCESS_LOG", DEFAULT_ACCESS_LOG.mode).trim().toLowerCase();
  if (mode !== "all" && mode !== "errors-and-slow") {
    throw new Error(`M3_ACCESS_LOG must be all or errors-and-slow, got "${mode}"`);
  }
  const slowRequestMillis = readInt(env, "M3_SLOW_REQUEST_MILLIS", DEFAULT_ACCESS_LOG.slowRequestMillis, {
    min: 1,
    max: 3_600_000,
  });
  return { mode, slowRequestMillis };
}

/** One finished request, as its access line shows it. */
export interface AccessLine {
  method: string;
  path: string;
  status: number;
  durationMs: number;
  requestId: string;
}

/** Writes a request's access line at the level it deserves, or nothing (see AccessLogMode). */
export function logAccess(
  logger: Logger,
  settings: AccessLogSettings,
  line: AccessLine,
  error: unknown,
): void {
  if (error !== undefined) logger.error({ ...line, err: error }, "request failed");
  else if (line.durationMs >= settings.slowRequestMillis) logger.warn(line, "slow request");
  else if (settings.mode === "all") logger.info(line, "request");
  else if (logger.isLevelEnabled("debug")) logger.debug(line, "request");
}
