import type { ServiceRoutes } from "../../gateway/src/engine/route-spec.js";
import { registryRoutes } from "../../gateway/src/routes/registry.routes.js";
import type { DomainModule } from "../kit/domain/domain-module.js";
import { registryModule } from "../registry/registry.module.js";

/** Every domain built so far, with the route table the gateway serves it under. */
export const allInOneDomains: readonly { module: DomainModule; routes: ServiceRoutes }[] = [
  { module: registryModule, routes: registryRoutes },
];
