import { createRequire } from "node:module";
import { type DestinationStream, type Logger, pino } from "pino";
import type { PrettyOptions } from "pino-pretty";
import type { LogFormat } from "./log-format.js";
import { FIELDS_IN_MESSAGE, prettyMessage } from "./pretty-line.js";

export interface LoggerOptions {
  name: string;
  /** A pino level name; defaults to "info". */
  level?: string;
  /** Defaults to "json"; the processes pass readLogFormat(env). */
  format?: LogFormat;
  /** Where the lines go; defaults to stdout. */
  destination?: NodeJS.WritableStream;
}

let rootLogger: Logger | undefined;

/**
 * A pino logger writing JSON lines, or readable ones, to stdout. The first one created becomes
 * the process's logger (`processLogger()`; the launcher creates it first).
 */
export function createLogger(options: LoggerOptions): Logger {
  const settings = { name: options.name, level: options.level ?? "info" };
  const logger =
    options.format === "pretty"
      ? pino(settings, prettyStream(options.destination))
      : options.destination
        ? pino(settings, options.destination as DestinationStream)
        : pino(settings);
  rootLogger ??= logger;
  return logger;
}

/**
 * One line per event: time, level, `[domain]` and the message (prettyMessage), then the other fields, coloured
 * when the destination is a terminal. pino-pretty loads only when asked for, and writes in the
 * process (no worker thread), so a line is out before the next statement runs.
 */
function prettyStream(destination: NodeJS.WritableStream = process.stdout): DestinationStream {
  const build = createRequire(import.meta.url)("pino-pretty") as (
    options: PrettyOptions,
  ) => DestinationStream;
  return build({
    destination,
    sync: true,
    colorize: (destination as { isTTY?: boolean }).isTTY === true,
    singleLine: true,
    translateTime: "SYS:HH:MM:ss.l",
    ignore: FIELDS_IN_MESSAGE.join(","),
    messageFormat: prettyMessage,
  });
}

/**
 * The process's logger, for what happens outside any call (start-up, migrations). Work inside a
 * call logs through its context's logger (`ctx.logger`, which carries the request id): there is
 * no implicit current call, as keeping one (AsyncLocalStorage) makes Node 20 run async hooks on
 * every promise.
 */
export function processLogger(): Logger {
  rootLogger ??= pino({ name: "m3" });
  return rootLogger;
}
