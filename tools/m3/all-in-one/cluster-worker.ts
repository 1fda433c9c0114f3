import cluster from "node:cluster";
import type { Logger } from "pino";
import { onShutdownSignal } from "../../../services/kit/grpc/shutdown.js";
import { startTracing } from "../../../services/kit/tracing/tracing.js";
import type { AllInOneConfig } from "./config.js";
import { startPlatform } from "./start-platform.js";
import { awaitWorkerStart, sendToPrimary } from "./worker-messages.js";

/**
 * One worker of several (M3_WORKERS > 1): every domain and the gateway. Its modules load while
 * the primary prepares; it starts with the environment the primary then sends (secrets filled
 * in, the shared port), once every schema is migrated, and listens once it serves.
 */
export async function runClusterWorker(config: AllInOneConfig, parentLogger: Logger): Promise<void> {
  const id = cluster.worker?.id ?? 0;
  const logger = parentLogger.child({ worker: id });
  const { env, port } = await awaitWorkerStart();
  const tracing = await startTracing({ serviceName: "m3", env });
  const platform = await startPlatform({
    env,
    dataDir: config.dataDir,
    port,
    host: config.host,
    logger,
    worker: { id },
  }).catch((error: unknown) => {
    logger.fatal({ err: error }, "the worker failed to start");
    process.exit(1);
  });
  logger.info({ port: platform.port, startupMillis: Math.round(performance.now()) }, "worker ready");
  sendToPrimary({ m3: "serving" });
  onShutdownSignal(async () => {
    await platform.stop();
    await tracing.shutdown();
  }, logger);
}
