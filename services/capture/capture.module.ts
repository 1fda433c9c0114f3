import type { DomainModule } from "../kit/domain/domain-module.js";
import { CAPTURE_PROTO_FILES, openCaptureDomain } from "./capture-domain.js";
import { CAPTURE_API_KEY_SETTINGS, CAPTURE_DEFAULT_GRPC_PORT, readCaptureSettings } from "./config.js";

/** Frame capture (legacy beholder) as the standalone and all-in-one launchers start it. */
export const captureModule: DomainModule = {
  name: "capture",
  defaultGrpcPort: CAPTURE_DEFAULT_GRPC_PORT,
  protoFiles: CAPTURE_PROTO_FILES,
  health: { application: "beholder", description: "Framegrab server" },
  ownApiKeySettings: CAPTURE_API_KEY_SETTINGS,
  async open({ env, config, tokens, logger, dataDir }) {
    const settings = readCaptureSettings(env, dataDir, config.apiKey, config.apiKeys.slice(1));
    logger.info(
      { cacheRoot: settings.cacheRoot, fileRoots: settings.fileRoots, workers: settings.workers },
      "capture settings",
    );
    const { bindings, close } = await openCaptureDomain({
      settings,
      logger,
      tokens,
      signingSecret: config.signingSecret,
    });
    return { bindings, close };
  },
};
