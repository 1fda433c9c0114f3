import type { ServiceRoutes } from "../../../gateway/src/engine/route-spec.js";
import { apiKeySettings } from "../../../services/kit/config/domain-config.js";
import type { DomainModule, Env } from "../../../services/kit/domain/domain-module.js";
import type { LegacyEndpoint } from "./domains.js";

/**
 * The config service's static endpoint list (M3_CONFIG_ENDPOINTS) for the all-in-one process:
 * every domain at the gateway's address under its placed base path. Health is polled over
 * loopback; the secret is the setting the domain itself reads its API key from (the config
 * service shares the process's environment), so each entry lists the key its service accepts.
 */
export function launcherEndpoints(
  domains: readonly { module: DomainModule; routes: ServiceRoutes; endpoint?: LegacyEndpoint }[],
  urls: { publicBase: string; internalBase: string },
  env: Env,
): string {
  const entries = domains.flatMap(({ module, routes, endpoint }) => {
    if (!endpoint) return [];
    const path = `${routes.basePath}${endpoint.restPath}`;
    return [
      {
        names: endpoint.names,
        url: `${urls.publicBase}${path}`,
        internalUrl: `${urls.internalBase}${path}`,
        proxyPath: endpoint.proxyPath,
        secretEnv: acceptedKeySetting(module, env),
      },
    ];
  });
  return JSON.stringify(entries);
}

function acceptedKeySetting(module: DomainModule, env: Env): string {
  const settings = [...(module.ownApiKeySettings ?? []), ...apiKeySettings(module.name)];
  return settings.find((name) => (env[name] ?? "") !== "") ?? "M3_API_KEY";
}
