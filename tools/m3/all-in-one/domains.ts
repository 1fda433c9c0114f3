import type { ServiceRoutes } from "../../../gateway/src/engine/route-spec.js";
import { annotationRoutes } from "../../../gateway/src/routes/annotation.routes.js";
import { captureRoutes } from "../../../gateway/src/routes/capture.routes.js";
import { configRoutes } from "../../../gateway/src/routes/config.routes.js";
import { kbRoutes } from "../../../gateway/src/routes/kb.routes.js";
import { referencesRoutes } from "../../../gateway/src/routes/references.routes.js";
import { registryRoutes } from "../../../gateway/src/routes/registry.routes.js";
import { skimmerRoutes } from "../../../gateway/src/routes/skimmer.routes.js";
import { uploadRoutes } from "../../../gateway/src/routes/upload.routes.js";
import { annotationModule } from "../../../services/annotation/annotation.module.js";
import { captureModule } from "../../../services/capture/capture.module.js";
import { configModule } from "../../../services/config/config.module.js";
import { kbModule } from "../../../services/kb/kb.module.js";
import type { DomainModule } from "../../../services/kit/domain/domain-module.js";
import { registryModule } from "../../../services/registry/registry.module.js";
import { uploadModule } from "../../../services/upload/upload.module.js";

/** How the config service lists a domain (the legacy endpoint names and proxy path). */
export interface LegacyEndpoint {
  names: readonly string[];
  /** Below the domain's base path, e.g. "/v1" for /anno/v1. */
  restPath: string;
  proxyPath: string;
}

export interface AllInOneDomain {
  module: DomainModule;
  routes: ServiceRoutes;
  /**
   * Further route tables the domain answers under base paths of their own (capture: skimmer's
   * crops at /skimmer; annotation: charybdis's datasets at /references).
   */
  moreRoutes?: readonly ServiceRoutes[];
  endpoint?: LegacyEndpoint;
  /** Domains whose gRPC address this one is given (M3_<NAME>_GRPC_ADDRESS); it starts once they serve. */
  calls?: readonly string[];
}

/**
 * Every domain, with the route table the gateway serves it under. They start together; a domain
 * that calls others is listed after them.
 */
export const allInOneDomains: readonly AllInOneDomain[] = [
  {
    module: kbModule,
    routes: kbRoutes,
    endpoint: { names: ["oni", "vars-kb-server", "vars-user-server"], restPath: "/v1", proxyPath: "/oni" },
  },
  {
    module: annotationModule,
    routes: annotationRoutes,
    moreRoutes: [referencesRoutes],
    endpoint: { names: ["annosaurus"], restPath: "/v1", proxyPath: "/anno" },
  },
  {
    module: registryModule,
    routes: registryRoutes,
    endpoint: { names: ["vampire-squid"], restPath: "/v1", proxyPath: "/vam" },
  },
  {
    module: captureModule,
    routes: captureRoutes,
    moreRoutes: [skimmerRoutes],
    // Its crops ask the registry whether a URL without a telling extension is a video.
    calls: ["registry"],
    endpoint: { names: ["beholder"], restPath: "", proxyPath: "/beholder" },
  },
  {
    module: uploadModule,
    routes: uploadRoutes,
    endpoint: { names: ["panoptes"], restPath: "/v1", proxyPath: "/panoptes" },
  },
  { module: configModule, routes: configRoutes, calls: ["kb"] },
];

/** Every route table a domain answers: its own first, then any further ones. */
export function routeTablesOf(domain: Pick<AllInOneDomain, "routes" | "moreRoutes">): ServiceRoutes[] {
  return [domain.routes, ...(domain.moreRoutes ?? [])];
}
