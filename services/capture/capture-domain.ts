import type { Logger } from "pino";
import { CaptureServiceService } from "../../proto/gen/m3/capture/v1/capture_service.js";
import type { OpenedDomain } from "../kit/domain/domain-module.js";
import { bindService, type TokenVerifier } from "../kit/grpc/bind-service.js";
import { FrameCache } from "./cache/frame-cache.js";
import { trackCapture } from "./capture-metrics.js";
import type { CaptureSettings } from "./config.js";
import { CROPS_PROTO_FILES, openCropsPart } from "./crops/crops-part.js";
import type { CropService } from "./crops/services/crop.service.js";
import { FrameGrabber } from "./ffmpeg/frame-grabber.js";
import { VideoProbe } from "./ffmpeg/video-probe.js";
import { CAPTURE_ACCESS } from "./handlers/capture.access.js";
import { captureHandlers } from "./handlers/capture.handlers.js";
import { CaptureAccessGuard } from "./handlers/capture-access.guard.js";
import { WorkerPool } from "./pool/worker-pool.js";
import { CaptureService } from "./services/capture.service.js";
import { VideoSourceResolver } from "./services/video-source.js";
import { openVideoFilesPart, VIDEO_FILES_PROTO_FILES } from "./video-files/video-files-part.js";

export const CAPTURE_PROTO_FILES = [
  "m3/capture/v1/capture_service.proto",
  ...CROPS_PROTO_FILES,
  ...VIDEO_FILES_PROTO_FILES,
] as const;

/** Probe answers kept per video, and for how long after their last use (the legacy defaults). */
const PROBE_MEMO = { maxEntries: 20_000, ttlMillis: 12 * 3_600_000 };

/** Opens the frame and crop caches (indexing what is on disk) and wires the capture and crop services. */
export async function openCaptureDomain(options: {
  settings: CaptureSettings;
  logger: Logger;
  /** Checks the kb user tokens a capture may carry instead of the API key (the web console's). */
  tokens: TokenVerifier;
  /** Keys the video file tickets (a key derived for that use only). */
  signingSecret: string;
}): Promise<OpenedDomain & { service: CaptureService; crops: CropService }> {
  const { settings, logger } = options;
  const cache = await FrameCache.open(
    settings.cacheRoot,
    { maxBytes: settings.cacheSizeBytes, freeFraction: settings.cacheFreeFraction },
    logger,
  );
  const pool = new WorkerPool({
    workers: settings.workers,
    queueSize: settings.queueSize,
    maxWaitMillis: settings.maxWaitMillis,
  });
  const sources = new VideoSourceResolver(settings.fileRoots);
  const service = new CaptureService({
    sources,
    cache,
    pool,
    grabber: new FrameGrabber({
      ffmpegPath: settings.ffmpegPath,
      timeoutMillis: settings.ffmpegTimeoutMillis,
    }),
    probe: new VideoProbe({
      ffprobePath: settings.ffprobePath,
      timeoutMillis: settings.ffprobeTimeoutMillis,
      ...PROBE_MEMO,
    }),
    logger,
  });
  const guard = new CaptureAccessGuard(settings.apiKeys, options.tokens);
  const binding = bindService(CaptureServiceService, captureHandlers(service, guard), {
    declaration: CAPTURE_ACCESS,
    tokens: options.tokens,
    logger,
  });
  const videoFiles = openVideoFilesPart({
    sources,
    guard,
    signingSecret: options.signingSecret,
    ticketLifetimeMillis: settings.videoTicketLifetimeMillis,
    tokens: options.tokens,
    logger,
  });
  const crops = await openCropsPart({ settings, frames: service, sources, tokens: options.tokens, logger });
  const untrack = trackCapture(cache, pool);
  return {
    bindings: [binding, crops.binding, videoFiles],
    service,
    crops: crops.service,
    close: async () => {
      untrack();
      await crops.close();
    },
  };
}
