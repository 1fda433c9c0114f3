/**
 * The config service (legacy raziel) as its own process: `tsx services/config/main.ts`.
 * Serves token exchange, endpoint discovery and health over gRPC; drains on SIGTERM.
 */
import { runDomainProcess } from "../kit/domain/run-domain-process.js";
import { readConfigProcessConfig } from "./config.js";
import { configModule } from "./config.module.js";

await runDomainProcess(configModule, readConfigProcessConfig());
