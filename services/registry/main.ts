/**
 * The registry as its own process: `tsx services/registry/main.ts`. Serves the registry's
 * gRPC services plus token exchange and health; drains on SIGTERM.
 */
import { runDomainProcess } from "../kit/domain/run-domain-process.js";
import { readRegistryProcessConfig } from "./config.js";
import { registryModule } from "./registry.module.js";

await runDomainProcess(registryModule, readRegistryProcessConfig());
