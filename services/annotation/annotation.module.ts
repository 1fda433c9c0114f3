import type { DomainModule } from "../kit/domain/domain-module.js";
import { domainDatabaseTarget } from "../kit/storage/database-url.js";
import { createAnnotationDomain, openAnnotationStorage } from "./annotation-domain.js";
import { ANNOTATION_PROTO_FILES } from "./annotation-proto-files.js";
import { ANNOTATION_DEFAULT_GRPC_PORT, readAnnotationSettings } from "./config.js";

/** The annotation service (legacy annosaurus) as the standalone and all-in-one launchers start it. */
export const annotationModule: DomainModule = {
  name: "annotation",
  defaultGrpcPort: ANNOTATION_DEFAULT_GRPC_PORT,
  protoFiles: ANNOTATION_PROTO_FILES,
  health: { application: "annosaurus", description: "Annotation Service" },
  async open({ env, config, tokens, logger, dataDir }) {
    const storage = await openAnnotationStorage(
      domainDatabaseTarget(config.databaseUrl, dataDir, "annotation"),
    );
    const domain = await createAnnotationDomain({
      storage,
      tokens,
      logger,
      ...readAnnotationSettings(env),
    }).catch(async (error: unknown) => {
      await storage.close();
      throw error;
    });
    return {
      bindings: domain.bindings,
      dependencies: { database: () => storage.ping() },
      close: async () => {
        await domain.close();
        await storage.close();
      },
    };
  },
};
