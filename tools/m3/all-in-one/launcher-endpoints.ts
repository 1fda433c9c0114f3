import type { ServiceRoutes } from "../../../gateway/src/engine/route-spec.js";
import { apiKeySettings } from "../../../services/kit/config/domain-config.js";
import type { DomainModule, Env } from "../../../services/kit/domain/domain-module.js";
import type { LegacyEndpoint } from "./domains.js";

/**
 * The config service's static endpoint list (M3_CONFIG_ENDPOINTS) for the all-in-one process:
 * each domain's endpoints at the gateway's address, under its placed base path or at a path of their
 * own (skimmer, charybdis). Health is polled over
 * loopback; the secret, where the endpoint has one, is the setting the domain itself reads its API
 * key from (the config service shares the process's environment), so each entry lists the key its
 * service accepts.
 */
export function launcherEndpoints(
  domains: readonly { module: DomainModule; routes: ServiceRoutes; endpoints?: readonly LegacyEndpoint[] }[],
  urls: { publicBase: string; internalBase: string },
  env: Env,
): string {
  const entries = domains.flatMap(({ module, routes, endpoints }) =>
    (endpoints ?? []).map((endpoint) => {
      const path = "own" in endpoint.at ? endpoint.at.own : `${routes.basePath}${endpoint.at.belowBase}`;
      return {
        names: endpoint.names,
        url: `${urls.publicBase}${path}`,
        internalUrl: `${urls.internalBase}${path}`,
        proxyPath: endpoint.proxyPath,
        ...(endpoint.withSecret ? { secretEnv: acceptedKeySetting(module, env) } : {}),
      };
    }),
  );
  return JSON.stringify(entries);
}

function acceptedKeySetting(module: DomainModule, env: Env): string {
  const settings = [...(module.ownApiKeySettings ?? []), ...apiKeySettings(module.name)];
  return settings.find((name) => (env[name] ?? "") !== "") ?? "M3_API_KEY";
}
