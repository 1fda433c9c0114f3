import { VideoFileServiceService } from "../../../../proto/gen/m3/capture/v1/video_file_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/**
 * A ticket is given to a signed-in kb user (or a holder of the capture key), checked by
 * CaptureAccessGuard; reading takes the ticket alone, which the handler checks, because a
 * browser's video element sends no Authorization header.
 */
export const VIDEO_FILE_ACCESS = declareAccess(VideoFileServiceService, {
  createVideoFileTicket: "x-api-key-or-jwt",
  readVideoFile: "none",
});
