import type { DomainModule } from "../kit/domain/domain-module.js";
import { readUploadSettings, UPLOAD_DEFAULT_GRPC_PORT } from "./config.js";
import { createUploadDomain, openImageStore, UPLOAD_PROTO_FILES } from "./upload-domain.js";

/** The image upload service (legacy panoptes) as the standalone and all-in-one launchers start it. */
export const uploadModule: DomainModule = {
  name: "upload",
  defaultGrpcPort: UPLOAD_DEFAULT_GRPC_PORT,
  protoFiles: UPLOAD_PROTO_FILES,
  health: { application: "panoptes", description: "Image Archiver" },
  async open({ env, tokens, logger, dataDir }) {
    const settings = readUploadSettings(env, dataDir);
    const store = await openImageStore(settings.store);
    logger.info({ store: settings.store.kind, publicUrl: settings.publicUrl }, "upload store ready");
    return {
      bindings: createUploadDomain({
        store,
        tokens,
        logger,
        publicUrl: settings.publicUrl,
        maxBytes: settings.maxBytes,
      }),
      // Neither store holds anything that needs closing (the minio client keeps no pool of its own).
      close: async () => {},
    };
  },
};
