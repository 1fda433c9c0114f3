import type { Logger } from "pino";
import { VideoFileServiceService } from "../../../proto/gen/m3/capture/v1/video_file_service.js";
import { bindService, type ServiceBinding, type TokenVerifier } from "../../kit/grpc/bind-service.js";
import type { CaptureAccessGuard } from "../handlers/capture-access.guard.js";
import type { VideoSourceResolver } from "../services/video-source.js";
import { VIDEO_FILE_ACCESS } from "./handlers/video-file.access.js";
import { videoFileHandlers } from "./handlers/video-file.handlers.js";
import { VideoFileRepository } from "./video-file.repository.js";
import { VideoFileService } from "./video-file.service.js";
import { VideoFileTickets } from "./video-file-tickets.js";

/** The video files' .proto file, relative to proto/. */
export const VIDEO_FILES_PROTO_FILES = ["m3/capture/v1/video_file_service.proto"] as const;

/** The video files part: browsers play the `file:` videos under the capture roots through it. */
export function openVideoFilesPart(options: {
  sources: VideoSourceResolver;
  guard: CaptureAccessGuard;
  signingSecret: string;
  ticketLifetimeMillis: number;
  tokens: TokenVerifier;
  logger: Logger;
}): ServiceBinding {
  const service = new VideoFileService({
    sources: options.sources,
    files: new VideoFileRepository(),
    tickets: new VideoFileTickets(options.signingSecret),
    ticketLifetimeMillis: options.ticketLifetimeMillis,
  });
  return bindService(VideoFileServiceService, videoFileHandlers(service, options.guard), {
    declaration: VIDEO_FILE_ACCESS,
    tokens: options.tokens,
    logger: options.logger,
  });
}
