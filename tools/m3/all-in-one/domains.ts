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

/** How the config service lists one of a domain's endpoints (its legacy names and proxy path). */
export interface LegacyEndpoint {
  names: readonly string[];
  /**
   * Where the gateway serves it: `{ belowBase: "/v1" }` under the domain's placed base path
   * (/anno/v1), or `{ table: "skimmer" }` at the placed base path of one of the domain's further
   * route tables (moreRoutes, by name), beside the domain's other routes.
   */
  at: { belowBase: string } | { table: string };
  proxyPath: string;
  /** Listed with the domain's API key as its secret; raziel lists skimmer and charybdis without one. */
  withSecret: boolean;
}

export interface AllInOneDomain {
  module: DomainModule;
  routes: ServiceRoutes;
  /**
   * Further route tables the domain answers under base paths of their own (capture: skimmer's
   * crops at /skimmer; annotation: charybdis's datasets at /references).
   */
  moreRoutes?: readonly ServiceRoutes[];
  /** The endpoints the config service lists for the domain, in order. */
  endpoints?: readonly LegacyEndpoint[];
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
    endpoints: [
      {
        names: ["oni", "vars-kb-server", "vars-user-server"],
        at: { belowBase: "/v1" },
        proxyPath: "/oni",
        withSecret: true,
      },
    ],
  },
  {
    module: annotationModule,
    routes: annotationRoutes,
    // Box queries with descendants and box relabels ask the kb.
    calls: ["kb"],
    moreRoutes: [referencesRoutes],
    endpoints: [
      { names: ["annosaurus"], at: { belowBase: "/v1" }, proxyPath: "/anno", withSecret: true },
      // The charybdis-compatible publication datasets, served at <gateway>/references.
      { names: ["charybdis"], at: { table: "references" }, proxyPath: "/references", withSecret: false },
    ],
  },
  {
    module: registryModule,
    routes: registryRoutes,
    endpoints: [{ names: ["vampire-squid"], at: { belowBase: "/v1" }, proxyPath: "/vam", withSecret: true }],
  },
  {
    module: captureModule,
    routes: captureRoutes,
    moreRoutes: [skimmerRoutes],
    // Its crops ask the registry whether a URL without a telling extension is a video.
    calls: ["registry"],
    endpoints: [
      { names: ["beholder"], at: { belowBase: "" }, proxyPath: "/beholder", withSecret: true },
      // The skimmer-compatible crops, served at <gateway>/skimmer.
      { names: ["skimmer"], at: { table: "skimmer" }, proxyPath: "/skimmer", withSecret: false },
    ],
  },
  {
    module: uploadModule,
    routes: uploadRoutes,
    endpoints: [{ names: ["panoptes"], at: { belowBase: "/v1" }, proxyPath: "/panoptes", withSecret: true }],
  },
  { module: configModule, routes: configRoutes, calls: ["kb"] },
];

/** Every route table a domain answers: its own first, then any further ones. */
export function routeTablesOf(domain: Pick<AllInOneDomain, "routes" | "moreRoutes">): ServiceRoutes[] {
  return [domain.routes, ...(domain.moreRoutes ?? [])];
}
