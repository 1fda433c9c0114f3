import { join } from "node:path";
import type { DomainModule } from "../kit/domain/domain-module.js";
import { parseDatabaseUrl } from "../kit/storage/database-url.js";
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
    const url = config.databaseUrl ?? join(dataDir, "registry.sqlite");
    const storage = await openRegistryStorage(parseDatabaseUrl(url));
    return {
      bindings: createRegistryDomain({ storage, timeWindowMinutes, tokens, logger }),
      close: () => storage.close(),
    };
  },
};
