import { AsyncLocalStorage } from "node:async_hooks";
import { type Logger, pino } from "pino";

export interface LoggerOptions {
  name: string;
  /** A pino level name; defaults to "info". */
  level?: string;
}

const callLoggers = new AsyncLocalStorage<Logger>();
let rootLogger: Logger | undefined;

/**
 * A pino logger writing JSON lines to stdout. The first one created becomes the root logger
 * that `currentLogger()` falls back to outside a call (the launcher creates it first).
 */
export function createLogger(options: LoggerOptions): Logger {
  const logger = pino({ name: options.name, level: options.level ?? "info" });
  rootLogger ??= logger;
  return logger;
}

/** The logger of the call being served (it carries the request id), else the root logger. */
export function currentLogger(): Logger {
  const logger = callLoggers.getStore();
  if (logger) return logger;
  rootLogger ??= pino({ name: "m3" });
  return rootLogger;
}

/** Runs fn with `logger` as the current logger for everything it awaits. */
export function runWithLogger<T>(logger: Logger, fn: () => T): T {
  return callLoggers.run(logger, fn);
}
