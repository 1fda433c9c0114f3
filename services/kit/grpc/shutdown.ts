import type { Logger } from "pino";

/**
 * On the first SIGTERM or SIGINT, runs handler once, then exits 0 (1 if it throws).
 * Later signals are ignored so a second Ctrl-C cannot cut the drain short.
 */
export function onShutdownSignal(handler: () => Promise<void>, logger: Logger): void {
  let started = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (started) {
      logger.info({ signal }, "already shutting down");
      return;
    }
    started = true;
    logger.info({ signal }, "shutting down");
    handler().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
