import type { ServiceRoutes } from "../../gateway/src/engine/route-spec.js";
import type { Env } from "../kit/domain/domain-module.js";
import type { LegacyEndpoint } from "./domains.js";

/**
 * The config service's static endpoint list (M3_CONFIG_ENDPOINTS) for the all-in-one process:
 * every domain at the gateway's address under its placed base path. Health is polled over
 * loopback; the secret is the domain's own API key setting when one is set, else the shared one.
 */
export function launcherEndpoints(
  domains: readonly { routes: ServiceRoutes; endpoint?: LegacyEndpoint }[],
  urls: { publicBase: string; internalBase: string },
  env: Env,
): string {
  const entries = domains.flatMap(({ routes, endpoint }) => {
    if (!endpoint) return [];
    const path = `${routes.basePath}${endpoint.restPath}`;
    const ownKey = `M3_${routes.domain.toUpperCase()}_API_KEY`;
    return [
      {
        names: endpoint.names,
        url: `${urls.publicBase}${path}`,
        internalUrl: `${urls.internalBase}${path}`,
        proxyPath: endpoint.proxyPath,
        secretEnv: env[ownKey] ? ownKey : "M3_API_KEY",
      },
    ];
  });
  return JSON.stringify(entries);
}
