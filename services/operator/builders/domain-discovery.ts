/**
 * How the config service lists a platform's domains: the `m3.io/*` annotations of each domain's
 * Service (services/config/discovery/service-annotations.ts reads them), naming the legacy
 * clients' endpoint names, the URL at the public gateway and at the in-cluster one, the legacy
 * proxy path and the variable holding the key that service accepts. The table matches the
 * all-in-one's endpoint list (tools/m3/all-in-one/domains.ts); a unit test fails when they drift.
 */
import { ANNOTATIONS } from "../../config/discovery/service-annotations.js";
import { DOMAIN_PORTS, type DomainName } from "../api/domain-names.js";
import type { M3Platform } from "../api/m3platform-schema.js";
import { objectName } from "./platform-labels.js";

export interface DiscoveredEndpoint {
  names: string;
  /** Where the gateway serves it. */
  path: string;
  proxyPath: string;
}

const TIMEOUT_MILLIS = 10_000;

/** Per domain: its own endpoint (listed with its API key) and further ones (listed without). */
export const DOMAIN_DISCOVERY: Partial<
  Record<DomainName, { own: DiscoveredEndpoint; extra?: DiscoveredEndpoint[] }>
> = {
  kb: { own: { names: "oni,vars-kb-server,vars-user-server", path: "/kb/v1", proxyPath: "/oni" } },
  annotation: {
    own: { names: "annosaurus", path: "/anno/v1", proxyPath: "/anno" },
    extra: [{ names: "charybdis", path: "/references", proxyPath: "/references" }],
  },
  registry: { own: { names: "vampire-squid", path: "/vam/v1", proxyPath: "/vam" } },
  capture: {
    own: { names: "beholder", path: "/capture", proxyPath: "/beholder" },
    extra: [{ names: "skimmer", path: "/skimmer", proxyPath: "/skimmer" }],
  },
  upload: { own: { names: "panoptes", path: "/panoptes/v1", proxyPath: "/panoptes" } },
};

/** The variable of the config service holding a domain's API key (m3.io/secret-env). */
export function apiKeyEnvName(domain: DomainName): string {
  return `M3_${domain.toUpperCase()}_API_KEY`;
}

/** The domains the config service lists: those with endpoints, when the platform runs them. */
export function discoveredDomains(enabled: (domain: DomainName) => boolean): DomainName[] {
  return (Object.keys(DOMAIN_DISCOVERY) as DomainName[]).filter(enabled);
}

export function discoveryAnnotations(platform: M3Platform, domain: DomainName): Record<string, string> {
  const discovery = DOMAIN_DISCOVERY[domain];
  if (discovery === undefined) return {};
  const publicUrl = platform.spec.publicUrl.replace(/\/$/, "");
  const internalUrl = internalGatewayUrl(platform);
  const annotations: Record<string, string> = {
    [ANNOTATIONS.names]: discovery.own.names,
    [ANNOTATIONS.url]: `${publicUrl}${discovery.own.path}`,
    [ANNOTATIONS.internalUrl]: `${internalUrl}${discovery.own.path}`,
    [ANNOTATIONS.proxyPath]: discovery.own.proxyPath,
    [ANNOTATIONS.timeoutMillis]: String(TIMEOUT_MILLIS),
    [ANNOTATIONS.secretEnv]: apiKeyEnvName(domain),
  };
  if (discovery.extra) {
    annotations[ANNOTATIONS.extraEndpoints] = JSON.stringify(
      discovery.extra.map((endpoint) => ({
        names: endpoint.names,
        url: `${publicUrl}${endpoint.path}`,
        internalUrl: `${internalUrl}${endpoint.path}`,
        proxyPath: endpoint.proxyPath,
        timeoutMillis: TIMEOUT_MILLIS,
      })),
    );
  }
  return annotations;
}

/** The gateway's in-cluster base URL, through which the config service polls health. */
function internalGatewayUrl(platform: M3Platform): string {
  const { namespace } = platform.metadata;
  const clusterDomain = platform.spec.clusterDomain ?? "cluster.local";
  return `http://${objectName(platform, "gateway")}.${namespace}.svc.${clusterDomain}:${DOMAIN_PORTS.gateway}`;
}
