import { resolve } from "node:path";
import { readFirst, readInt } from "../config/env-reader.js";
import { onShutdownSignal } from "../grpc/shutdown.js";
import { readLogFormat } from "../log/log-format.js";
import { createLogger } from "../log/logger.js";
import { startMetricsServer } from "../metrics/metrics-server.js";
import { startTracing } from "../tracing/tracing.js";
import { M3_VERSION } from "../version.js";
import type { DomainModule, Env } from "./domain-module.js";
import { startDomain } from "./start-domain.js";

/**
 * The body of every services/<domain>/main.ts: one domain's gRPC server as its own
 * process, configured from the environment, with Prometheus metrics on
 * M3_<DOMAIN>_METRICS_PORT (or M3_METRICS_PORT) when set, traces when an exporter is
 * configured, and in-flight calls drained on SIGTERM.
 */
export async function runDomainProcess(module: DomainModule, env: Env): Promise<void> {
  const logger = createLogger({
    name: `m3-${module.name}`,
    level: env.M3_LOG_LEVEL || "info",
    format: readLogFormat(env),
  });
  try {
    const tracing = await startTracing({ serviceName: `m3-${module.name}`, env });
    const running = await startDomain(module, {
      env,
      logger,
      dataDir: resolve(env.M3_DATA_DIR || "./data"),
      version: M3_VERSION,
    });
    const metricsPortName = [`M3_${module.name.toUpperCase()}_METRICS_PORT`, "M3_METRICS_PORT"].find(
      (name) => readFirst(env, [name]) !== undefined,
    );
    const metrics = metricsPortName
      ? await startMetricsServer({
          host: readFirst(env, ["M3_METRICS_HOST"], "0.0.0.0"),
          port: readInt(env, metricsPortName, 0, { min: 0, max: 65_535 }),
        })
      : undefined;
    logger.info({ address: running.address, metricsPort: metrics?.port }, `${module.name} serving gRPC`);
    onShutdownSignal(async () => {
      await running.stop();
      await metrics?.close();
      await tracing.shutdown();
    }, logger);
  } catch (error) {
    logger.fatal({ err: error }, `${module.name} failed to start`);
    process.exit(1);
  }
}
