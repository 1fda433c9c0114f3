/**
 * Frame capture as its own process: `tsx services/capture/main.ts`. Serves the capture
 * gRPC service plus health; drains on SIGTERM.
 */
import { runDomainProcess } from "../kit/domain/run-domain-process.js";
import { captureModule } from "./capture.module.js";
import { readCaptureProcessConfig } from "./config.js";

await runDomainProcess(captureModule, readCaptureProcessConfig());
