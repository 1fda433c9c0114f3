/**
 * The annotation service as its own process: `tsx services/annotation/main.ts`. Serves the
 * annotation gRPC services plus token exchange and health; drains on SIGTERM.
 */
import { runDomainProcess } from "../kit/domain/run-domain-process.js";
import { annotationModule } from "./annotation.module.js";
import { readAnnotationProcessConfig } from "./config.js";

await runDomainProcess(annotationModule, readAnnotationProcessConfig());
