import type { Logger } from "pino";
import { onShutdownSignal } from "../../../services/kit/grpc/shutdown.js";
import { startTracing } from "../../../services/kit/tracing/tracing.js";
import { printBanner } from "./banner.js";
import type { AllInOneConfig } from "./config.js";
import { type DemoStart, loadDemoOnStart } from "./demo/load-demo-on-start.js";
import { prepareStart } from "./prepare-start.js";
import { startPlatform } from "./start-platform.js";

/** M3_WORKERS=1: every domain and the gateway in this one process. */
export async function runSingleProcess(config: AllInOneConfig, logger: Logger): Promise<void> {
  const tracing = await startTracing({ serviceName: "m3", env: config.env });
  const prepared = await prepareStart(config, logger);
  const platform = await startPlatform({
    env: prepared.env,
    dataDir: config.dataDir,
    port: config.port,
    host: config.host,
    logger,
  }).catch((error: unknown) => {
    logger.fatal({ err: error }, "m3 failed to start");
    process.exit(1);
  });

  // From the process's start: what `npm run bench:startup` reports as the routing phase.
  logger.info({ port: platform.port, startupMillis: Math.round(performance.now()) }, "m3 ready");

  let demo: DemoStart | undefined;
  if (config.demo) {
    demo = await loadDemoOnStart({ platform, dataDir: config.dataDir, host: config.host, logger }).catch(
      async (error: unknown) => {
        logger.fatal({ err: error }, "the demo data could not be loaded");
        await platform.stop();
        process.exit(1);
      },
    );
  }
  printBanner({ config, prepared, platform, demo, workers: 1 });

  onShutdownSignal(async () => {
    await platform.stop();
    await tracing.shutdown();
  }, logger);
}
