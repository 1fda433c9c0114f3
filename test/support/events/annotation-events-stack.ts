import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { annotationRoutes } from "../../../gateway/src/routes/annotation.routes.js";
import { annotationModule } from "../../../services/annotation/annotation.module.js";
import { type DomainStack, startDomainStack } from "../../../tools/dev/fixtures/domain-stack.js";

/** The annotation service on SQLite behind the gateway, with these settings (e.g. M3_EVENTS_*). */
export function startAnnotationHttpStackWith(
  env: Record<string, string>,
  changeEventsNats?: { url: string; subject: string },
): Promise<DomainStack> {
  return startDomainStack({
    module: annotationModule,
    routes: annotationRoutes,
    dataDir: mkdtempSync(join(tmpdir(), "m3-anno-events-")),
    authPath: "/anno/v1/auth",
    env,
    changeEventsNats,
  });
}
