import type { Logger } from "pino";
import { currentHealthStatus } from "../kit/auth/health-status.binding.js";
import { TokenService } from "../kit/auth/token-service.js";
import type { DomainModule } from "../kit/domain/domain-module.js";
import { M3_VERSION } from "../kit/version.js";
import { createKbUserDirectory } from "./auth/kb-user-directory.js";
import { CONFIG_DEFAULT_GRPC_PORT, readConfigSettings } from "./config.js";
import { CONFIG_PROTO_FILES, createConfigDomain } from "./config-domain.js";
import type { EndpointDiscovery } from "./discovery/endpoint-entry.js";
import type { KubeTarget } from "./discovery/kube-config.js";
import { createStaticDiscovery } from "./discovery/static-discovery.js";
import { pollHealth } from "./health/health-poller.js";
import { ServiceHealthService } from "./health/service-health.service.js";
import { LoginFileCodec } from "./login-file/login-file.codec.js";

const HEALTH = { application: "raziel", description: "Configuration/Key Store" };

export interface ConfigModuleOptions {
  /**
   * Endpoints to serve instead of those the environment selects (Kubernetes or
   * M3_CONFIG_ENDPOINTS): for a launcher that learns its gateway's address only once it runs.
   */
  discovery?: EndpointDiscovery;
}

/** The configuration and discovery service (legacy raziel) as the standalone and all-in-one launchers start it. */
export const configModule: DomainModule = createConfigModule();

export function createConfigModule(options: ConfigModuleOptions = {}): DomainModule {
  return {
    name: "config",
    defaultGrpcPort: CONFIG_DEFAULT_GRPC_PORT,
    protoFiles: CONFIG_PROTO_FILES,
    health: HEALTH,
    async open({ env, config, logger }) {
      const settings = readConfigSettings(env);
      // Its own token service: the legacy config tokens lived 180 days, not one.
      const tokens = new TokenService({
        signingSecret: config.signingSecret,
        previousSigningSecrets: config.previousSigningSecrets,
        issuer: config.jwtIssuer,
        ttlSeconds: settings.tokenTtlSeconds,
      });
      // Before discovery starts, so a bad address fails with nothing to stop.
      const users = settings.kbGrpcAddress ? createKbUserDirectory(settings.kbGrpcAddress) : undefined;
      if (!users) logger.warn("M3_KB_GRPC_ADDRESS is not set: user logins at /config/auth answer 503");
      const loginFiles = new LoginFileCodec(settings.loginFileKey ?? config.signingSecret);
      const discovery: EndpointDiscovery =
        options.discovery ??
        (settings.kube
          ? await startClusterDiscovery(settings.kube, logger)
          : createStaticDiscovery(settings.staticEndpoints));
      const health = new ServiceHealthService({
        discovery,
        poll: pollHealth,
        selfName: HEALTH.application,
        self: () => currentHealthStatus({ ...HEALTH, version: M3_VERSION }),
        cacheMillis: settings.healthCacheMillis,
      });
      return {
        bindings: createConfigDomain({
          env,
          apiKeys: config.apiKeys,
          tokens,
          users,
          loginFiles,
          publicUrl: settings.publicUrl,
          discovery,
          health,
          logger,
        }),
        close: async () => {
          users?.close();
          await discovery.close();
        },
      };
    },
  };
}

/** Imported only for a cluster: the Kubernetes client's ~900 modules cost every other start ~0.3 s. */
async function startClusterDiscovery(target: KubeTarget, logger: Logger): Promise<EndpointDiscovery> {
  const { loadKubeConfig, startKubeDiscovery } = await import("./discovery/kube-discovery.js");
  return startKubeDiscovery({ kubeConfig: loadKubeConfig(target), namespace: target.namespace, logger });
}
