import type { ServiceRoutes } from "../../../gateway/src/engine/route-spec.js";
import { apiKeySettings } from "../../../services/kit/config/domain-config.js";
import type { DomainModule, Env } from "../../../services/kit/domain/domain-module.js";
import type { LegacyEndpoint } from "./domains.js";

/**
 * The config service's static endpoint list (M3_CONFIG_ENDPOINTS) for the all-in-one process:
 * each domain's endpoints at the gateway's address, under its placed base path or at the placed
 * base path of one of its further route tables (skimmer, charybdis). Health is polled over
 * loopback; the secret, where the endpoint has one, is the setting the domain itself reads its API
 * key from (the config service shares the process's environment), so each entry lists the key its
 * service accepts.
 */
export function launcherEndpoints(
  domains: readonly {
    module: DomainModule;
    routes: ServiceRoutes;
    moreRoutes?: readonly ServiceRoutes[];
    endpoints?: readonly LegacyEndpoint[];
  }[],
  urls: { publicBase: string; internalBase: string },
  env: Env,
): string {
  const entries = domains.flatMap(({ module, routes, moreRoutes, endpoints }) =>
    (endpoints ?? []).map((endpoint) => {
      const path =
        "table" in endpoint.at
          ? tableBase(moreRoutes, endpoint.at.table)
          : `${routes.basePath}${endpoint.at.belowBase}`;
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

function tableBase(tables: readonly ServiceRoutes[] | undefined, name: string): string {
  const table = tables?.find((routes) => routes.name === name);
  if (!table) throw new Error(`no route table named ${name} for its endpoint`);
  return table.basePath;
}

function acceptedKeySetting(module: DomainModule, env: Env): string {
  const settings = [...(module.ownApiKeySettings ?? []), ...apiKeySettings(module.name)];
  return settings.find((name) => (env[name] ?? "") !== "") ?? "M3_API_KEY";
}
