import type { Endpoint } from "../../../proto/gen/m3/config/v1/resources.js";
import type { Env } from "../../kit/config/env-reader.js";
import type { EndpointDiscovery } from "../discovery/endpoint-entry.js";
import { namedEntries } from "../health/service-health.service.js";

/** The discovered endpoints as clients receive them: one per legacy name, sorted by name. */
export class EndpointService {
  constructor(
    private readonly discovery: EndpointDiscovery,
    /** The config service's environment, where each endpoint's secret (API key) lives. */
    private readonly env: Env,
  ) {}

  /** Public or in-cluster URLs; secrets only for a caller the config service has authenticated. */
  list(options: { internal: boolean; withSecrets: boolean }): Endpoint[] {
    return namedEntries(this.discovery.entries()).map(({ name, entry }) => {
      const secret =
        options.withSecrets && entry.secretEnv ? this.env[entry.secretEnv] || undefined : undefined;
      return {
        name,
        url: options.internal ? entry.internalUrl : entry.url,
        timeoutMillis: entry.timeoutMillis,
        secret,
        proxyPath: entry.proxyPath,
      };
    });
  }
}
