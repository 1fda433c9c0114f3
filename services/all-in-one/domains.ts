import type { ServiceRoutes } from "../../gateway/src/engine/route-spec.js";
import { annotationRoutes } from "../../gateway/src/routes/annotation.routes.js";
import { kbRoutes } from "../../gateway/src/routes/kb.routes.js";
import { registryRoutes } from "../../gateway/src/routes/registry.routes.js";
import { annotationModule } from "../annotation/annotation.module.js";
import { kbModule } from "../kb/kb.module.js";
import type { DomainModule } from "../kit/domain/domain-module.js";
import { registryModule } from "../registry/registry.module.js";

/** Every domain built so far, with the route table the gateway serves it under. */
export const allInOneDomains: readonly { module: DomainModule; routes: ServiceRoutes }[] = [
  { module: kbModule, routes: kbRoutes },
  { module: annotationModule, routes: annotationRoutes },
  { module: registryModule, routes: registryRoutes },
];
