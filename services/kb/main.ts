/**
 * The kb as its own process: `tsx services/kb/main.ts`. Serves the kb's gRPC services plus
 * token exchange, health and metrics; drains on SIGTERM.
 */
import { runDomainProcess } from "../kit/domain/run-domain-process.js";
import { readKbProcessConfig } from "./config.js";
import { kbModule } from "./kb.module.js";

await runDomainProcess(kbModule, readKbProcessConfig());
