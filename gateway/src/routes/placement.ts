import type { ServiceRoutes } from "../engine/route-spec.js";

type Env = Record<string, string | undefined>;

/** Legacy names of the context-path setting, per domain (the kb spec names HTTP_CONTEXT_PATH). */
const LEGACY_CONTEXT_PATH_NAMES: Readonly<Record<string, string>> = { kb: "HTTP_CONTEXT_PATH" };

/**
 * Where a deployment puts a domain's routes: M3_<DOMAIN>_BASE_PATH (M3_<NAME>_BASE_PATH for a
 * table with its own name) moves the base path
 * (e.g. /kb), M3_<DOMAIN>_CONTEXT_PATH (for the kb also HTTP_CONTEXT_PATH) replaces the
 * leading "v1" segment of every route (e.g. "v1" -> "api"; empty removes it).
 */
export function placeRoutes(routes: ServiceRoutes, env: Env): ServiceRoutes {
  const name = routes.name ?? routes.domain;
  const prefix = `M3_${name.toUpperCase()}`;
  const basePath = env[`${prefix}_BASE_PATH`];
  const legacyName = LEGACY_CONTEXT_PATH_NAMES[name];
  const contextPath = env[`${prefix}_CONTEXT_PATH`] ?? (legacyName ? env[legacyName] : undefined);
  let placed = routes;
  if (basePath) placed = { ...placed, basePath: basePath.replace(/\/+$/, "") };
  if (contextPath !== undefined) {
    const segment = contextPath.replace(/^\/+|\/+$/g, "");
    const replacement = segment === "" ? "" : `/${segment}`;
    placed = {
      ...placed,
      routes: placed.routes.map((route) => ({
        ...route,
        path: route.path.replace(/^\/v1(?=\/|$)/, replacement),
      })),
    };
  }
  return placed;
}
