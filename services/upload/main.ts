/**
 * The image upload service as its own process: `tsx services/upload/main.ts`. Serves image
 * upload and resolve plus token exchange and health over gRPC; drains on SIGTERM.
 */
import { runDomainProcess } from "../kit/domain/run-domain-process.js";
import { readUploadProcessConfig } from "./config.js";
import { uploadModule } from "./upload.module.js";

await runDomainProcess(uploadModule, readUploadProcessConfig());
