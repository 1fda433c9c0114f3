import type { DomainModule } from "../kit/domain/domain-module.js";
import { domainDatabaseTarget } from "../kit/storage/database-url.js";
import { REGISTRY_DEFAULT_GRPC_PORT, readRegistrySettings } from "./config.js";
import { createRegistryDomain, openRegistryStorage, REGISTRY_PROTO_FILES } from "./registry-domain.js";

/** The video registry (legacy vampire-squid) as the standalone and all-in-one launchers start it. */
export const registryModule: DomainModule = {
  name: "registry",
  defaultGrpcPort: REGISTRY_DEFAULT_GRPC_PORT,
  protoFiles: REGISTRY_PROTO_FILES,
  health: { application: "vampire-squid", description: "Video Asset Manager" },
  async open({ env, config, tokens, logger, dataDir }) {
    const { timeWindowMinutes } = readRegistrySettings(env);
    const storage = await openRegistryStorage(domainDatabaseTarget(config.databaseUrl, dataDir, "registry"));
    return {
      bindings: createRegistryDomain({ storage, timeWindowMinutes, tokens, logger }),
      dependencies: { database: () => storage.ping() },
      close: () => storage.close(),
    };
  },
};
