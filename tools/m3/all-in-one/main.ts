/**
 * `npm start`: every domain and the gateway, on embedded storage under ./data, with secrets
 * generated on first start; in one process (M3_WORKERS=1) or in several workers sharing the
 * port (node:cluster). Each role imports only what it runs.
 */
import cluster from "node:cluster";
import { fileURLToPath } from "node:url";
import { createLogger } from "../../../services/kit/log/logger.js";
import { readAllInOneConfig } from "./config.js";

const config = readAllInOneConfig();
const logger = createLogger({ name: "m3", level: config.logLevel, format: config.logFormat });
if (cluster.isWorker) {
  await (await import("./cluster-worker.js")).runClusterWorker(config, logger);
} else if (config.workers > 1) {
  // Workers run this module itself, not npm start's launcher, which builds and transpiles first.
  const mainModule = fileURLToPath(import.meta.url);
  await (await import("./cluster-primary.js")).runClusterPrimary(config, logger, mainModule);
} else {
  await (await import("./single-process.js")).runSingleProcess(config, logger);
}
