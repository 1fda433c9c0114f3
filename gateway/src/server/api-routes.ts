import type Router from "@koa/router";
import type { DomainClient } from "../engine/grpc-caller.js";
import { toRouterPath } from "../engine/path-template.js";
import type { BoundRoute } from "../engine/route-binding.js";
import { createRouteHandler, type HandlerSettings } from "../engine/route-handler.js";
import { sortBySpecificity } from "../engine/route-order.js";

export interface BoundDomain {
  client: DomainClient;
  routes: readonly BoundRoute[];
}

/**
 * Registers every domain's routes, most specific first: the router tries routes in
 * registration order, so a literal segment wins over a parameter at the same place.
 */
export function registerApiRoutes(
  router: Router,
  domains: readonly BoundDomain[],
  settings: HandlerSettings,
): void {
  const entries = domains.flatMap(({ client, routes }) => routes.map((route) => ({ client, route })));
  const seen = new Map<string, string>();
  for (const { route } of entries) {
    const shape = `${route.method} ${route.template.replace(/\{[^}]*\}/g, "{}")}`;
    const other = seen.get(shape);
    if (other !== undefined && other !== route.domain) {
      throw new Error(`${route.method} ${route.template} is routed by both ${other} and ${route.domain}`);
    }
    seen.set(shape, route.domain);
  }
  for (const { client, route } of sortBySpecificity(entries, (entry) => entry.route.template)) {
    router.register(
      toRouterPath(route.template),
      [route.method],
      createRouteHandler(route, client, settings),
    );
  }
}
