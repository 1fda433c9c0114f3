import type { Logger } from "pino";
import { CropServiceService } from "../../../proto/gen/m3/capture/v1/crop_service.js";
import { bindService, type ServiceBinding, type TokenVerifier } from "../../kit/grpc/bind-service.js";
import { trackCrops } from "../capture-metrics.js";
import type { CaptureSettings } from "../config.js";
import { WorkerPool } from "../pool/worker-pool.js";
import type { CaptureService } from "../services/capture.service.js";
import type { VideoSourceResolver } from "../services/video-source.js";
import { CropCache } from "./cache/crop-cache.js";
import { CROP_ACCESS } from "./handlers/crop.access.js";
import { cropHandlers } from "./handlers/crop.handlers.js";
import { CropService } from "./services/crop.service.js";
import { SourceMemo } from "./services/source-memo.js";
import { AllowedHosts } from "./sources/allowed-hosts.js";
import { ImageSource } from "./sources/image-source.js";
import { NO_VIDEO_REGISTRY, registryVideoLookup } from "./sources/registered-videos.js";

/** The crops' .proto file, relative to proto/. */
export const CROPS_PROTO_FILES = ["m3/capture/v1/crop_service.proto"] as const;

/**
 * The crops part (legacy skimmer). Opens the crop cache (indexing what is on disk) and wires the crop service over the capture
 * service's frames and its file roots, and the registry when its address is set.
 */
export async function openCropsPart(options: {
  settings: CaptureSettings;
  frames: CaptureService;
  sources: VideoSourceResolver;
  tokens: TokenVerifier;
  logger: Logger;
}): Promise<{ binding: ServiceBinding; service: CropService; close(): Promise<void> }> {
  const { settings, logger } = options;
  const registry = settings.registryGrpcAddress
    ? registryVideoLookup(settings.registryGrpcAddress, logger)
    : NO_VIDEO_REGISTRY;
  const cache = await CropCache.open(
    settings.crops.cacheRoot,
    { maxBytes: settings.crops.cacheSizeBytes, freeFraction: settings.cacheFreeFraction },
    logger,
  );
  const service = new CropService({
    cache,
    images: new ImageSource(options.sources, {
      fetchTimeoutMillis: settings.crops.fetchTimeoutMillis,
      maxBytes: settings.crops.maxSourceBytes,
      allowedHosts: new AllowedHosts(settings.crops.allowedHosts),
    }),
    memo: new SourceMemo(settings.crops.sourceMemoryBytes),
    frames: options.frames,
    registry,
    pool: new WorkerPool({
      workers: settings.crops.workers,
      queueSize: settings.crops.queueSize,
      maxWaitMillis: settings.maxWaitMillis,
    }),
  });
  const binding = bindService(CropServiceService, cropHandlers(service), {
    declaration: CROP_ACCESS,
    tokens: options.tokens,
    logger,
  });
  const untrack = trackCrops(cache);
  const close = async () => {
    untrack();
    await cache.flush();
    registry.close();
  };
  return { binding, service, close };
}
