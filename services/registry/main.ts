/**
 * The registry as its own process: `tsx services/registry/main.ts`. Serves the registry's
 * gRPC services plus token exchange and health; drains on SIGTERM.
 */
import { startDomain } from "../kit/domain/start-domain.js";
import { onShutdownSignal } from "../kit/grpc/shutdown.js";
import { createLogger } from "../kit/log/logger.js";
import { M3_VERSION } from "../kit/version.js";
import { readRegistryProcessConfig } from "./config.js";
import { registryModule } from "./registry.module.js";

const config = readRegistryProcessConfig();
const logger = createLogger({ name: "registry", level: config.logLevel });
const running = await startDomain(registryModule, {
  env: config.env,
  logger,
  dataDir: config.dataDir,
  version: M3_VERSION,
}).catch((error: unknown) => {
  logger.fatal({ err: error }, "the registry failed to start");
  process.exit(1);
});
logger.info({ address: running.address }, "registry ready");
onShutdownSignal(() => running.stop(), logger);
