import type { ServiceRoutes } from "../engine/route-spec.js";
import { kbRoutes } from "./kb.routes.js";
import { registryRoutes } from "./registry.routes.js";

/** Every domain's route table, in the order their docs are listed. */
export const allServiceRoutes: readonly ServiceRoutes[] = [kbRoutes, registryRoutes];

/** The table of one domain, with its base path replaced when the deployment moves it. */
export function withBasePath(routes: ServiceRoutes, basePath: string | undefined): ServiceRoutes {
  return basePath ? { ...routes, basePath: basePath.replace(/\/+$/, "") } : routes;
}
