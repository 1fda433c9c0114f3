import { type Env, readString } from "../config/env-reader.js";

/** JSON lines for machines (containers, CI, files); one coloured line per event for people. */
export type LogFormat = "json" | "pretty";

/**
 * M3_LOG_FORMAT when set, else pretty when stdout is a terminal (someone is watching it) and
 * JSON otherwise (a log collector, a pipe or a file is).
 */
export function readLogFormat(env: Env, stdoutIsTerminal = process.stdout.isTTY === true): LogFormat {
  const format = readString(env, "M3_LOG_FORMAT", stdoutIsTerminal ? "pretty" : "json")
    .trim()
    .toLowerCase();
  if (format !== "json" && format !== "pretty") {
    throw new Error(`M3_LOG_FORMAT must be json or pretty, got "${format}"`);
  }
  return format;
}
