import type { DomainTransport } from "../engine/domain-transport.js";
import type { BoundRoute } from "../engine/route-binding.js";
import { createRouteHandler, type HandlerSettings } from "../engine/route-handler.js";
import { sortBySpecificity } from "../engine/route-order.js";
import type { Router } from "./router.js";

export interface BoundDomain {
  client: DomainTransport;
  routes: readonly BoundRoute[];
}

/**
 * Registers every domain's routes. The router's tree puts a literal segment before a
 * parameter at the same place by itself; registering the most specific first also orders
 * routes whose segments mix text and parameters, which it tries in registration order.
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
    router.register(route.template, [route.method], createRouteHandler(route, client, settings));
  }
}
