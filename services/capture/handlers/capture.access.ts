import { CaptureServiceService } from "../../../proto/gen/m3/capture/v1/capture_service.js";
import { declareAccess } from "../../kit/grpc/method-access.js";

/** Every method checks the X-Api-Key header or a kb user's token itself (CaptureAccessGuard). */
export const CAPTURE_ACCESS = declareAccess(CaptureServiceService, {
  captureFrame: "x-api-key-or-jwt",
  captureJpegFrame: "x-api-key-or-jwt",
  capturePngFrame: "x-api-key-or-jwt",
});
