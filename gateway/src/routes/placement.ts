import type { Casing, ServiceRoutes } from "../engine/route-spec.js";

type Env = Record<string, string | undefined>;

/** Legacy names of the context-path setting, per domain (the kb spec names HTTP_CONTEXT_PATH). */
const LEGACY_CONTEXT_PATH_NAMES: Readonly<Record<string, string>> = { kb: "HTTP_CONTEXT_PATH" };

/**
 * Where a deployment puts a domain's routes: M3_<DOMAIN>_BASE_PATH (M3_<NAME>_BASE_PATH for a
 * table with its own name) moves the base path
 * (e.g. /kb), M3_<DOMAIN>_CONTEXT_PATH (for the kb also HTTP_CONTEXT_PATH) replaces the
 * leading "v1" segment of every route (e.g. "v1" -> "api"; empty removes it), and, on a table
 * with two casings, M3_<NAME>_CASING chooses its output casing.
 */
export function placeRoutes(routes: ServiceRoutes, env: Env): ServiceRoutes {
  const name = routes.name ?? routes.domain;
  const prefix = `M3_${name.toUpperCase()}`;
  const basePath = env[`${prefix}_BASE_PATH`];
  const legacyName = LEGACY_CONTEXT_PATH_NAMES[name];
  const contextPath = env[`${prefix}_CONTEXT_PATH`] ?? (legacyName ? env[legacyName] : undefined);
  let placed = routes;
  if (routes.otherCasing !== undefined)
    placed = { ...placed, casing: chosenCasing(routes, env[`${prefix}_CASING`]) };
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

/** The casing M3_<NAME>_CASING chooses among the table's two; a value that is neither fails at start. */
function chosenCasing(routes: ServiceRoutes, setting: string | undefined): Casing {
  const chosen = setting?.trim().toLowerCase() || routes.casing;
  if (chosen !== routes.casing && chosen !== routes.otherCasing) {
    const name = (routes.name ?? routes.domain).toUpperCase();
    throw new Error(`M3_${name}_CASING must be ${routes.casing} or ${routes.otherCasing}, got "${setting}"`);
  }
  return chosen;
}
