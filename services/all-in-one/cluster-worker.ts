import cluster from "node:cluster";
import type { Logger } from "pino";
import { onShutdownSignal } from "../kit/grpc/shutdown.js";
import { startTracing } from "../kit/tracing/tracing.js";
import type { AllInOneConfig } from "./config.js";
import { startPlatform } from "./start-platform.js";
import { WORKER_READY_MESSAGE } from "./worker-pool.js";

/**
 * One worker of several (M3_WORKERS > 1): every domain and the gateway, started with the
 * environment its primary prepared (secrets, the shared port), listening once it serves.
 */
export async function runClusterWorker(config: AllInOneConfig, parentLogger: Logger): Promise<void> {
  const id = cluster.worker?.id ?? 0;
  const logger = parentLogger.child({ worker: id });
  const tracing = await startTracing({ serviceName: "m3", env: config.env });
  const platform = await startPlatform({
    env: config.env,
    dataDir: config.dataDir,
    port: config.port,
    host: config.host,
    logger,
    worker: { id },
  }).catch((error: unknown) => {
    logger.fatal({ err: error }, "the worker failed to start");
    process.exit(1);
  });
  logger.info({ port: platform.port, startupMillis: Math.round(performance.now()) }, "worker ready");
  process.send?.(WORKER_READY_MESSAGE);
  onShutdownSignal(async () => {
    await platform.stop();
    await tracing.shutdown();
  }, logger);
}
