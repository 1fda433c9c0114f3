import { resolve } from "node:path";
import { onShutdownSignal } from "../grpc/shutdown.js";
import { createLogger } from "../log/logger.js";
import { M3_VERSION } from "../version.js";
import type { DomainModule, Env } from "./domain-module.js";
import { startDomain } from "./start-domain.js";

/**
 * The body of every services/<domain>/main.ts: one domain's gRPC server as its own
 * process, configured from the environment, draining in-flight calls on SIGTERM.
 */
export async function runDomainProcess(module: DomainModule, env: Env): Promise<void> {
  const logger = createLogger({ name: `m3-${module.name}`, level: env.M3_LOG_LEVEL || "info" });
  try {
    const running = await startDomain(module, {
      env,
      logger,
      dataDir: resolve(env.M3_DATA_DIR || "./data"),
      version: M3_VERSION,
    });
    logger.info({ address: running.address }, `${module.name} serving gRPC`);
    onShutdownSignal(() => running.stop(), logger);
  } catch (error) {
    logger.fatal({ err: error }, `${module.name} failed to start`);
    process.exit(1);
  }
}
