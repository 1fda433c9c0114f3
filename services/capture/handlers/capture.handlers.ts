import type {
  CapturedFrame,
  CaptureFrameRequest,
  CaptureServiceService,
} from "../../../proto/gen/m3/capture/v1/capture_service.js";
import type { CallContext, UnaryHandlers } from "../../kit/grpc/bind-service.js";
import type { ImageType } from "../cache/frame-key.js";
import type { CapturedImage, CaptureService } from "../services/capture.service.js";
import type { CaptureAccessGuard } from "./capture-access.guard.js";

export function captureHandlers(
  service: CaptureService,
  guard: CaptureAccessGuard,
): UnaryHandlers<typeof CaptureServiceService> {
  const capture = async (
    request: CaptureFrameRequest,
    ctx: CallContext,
    forcedImageType?: ImageType,
  ): Promise<CapturedFrame> => {
    await guard.check(ctx);
    const body = request.capture;
    const image = await service.capture({
      videoUrl: body?.videoUrl,
      elapsedTimeMillis: body?.elapsedTimeMillis,
      imageType: body?.imageType,
      deinterlace: body?.deinterlace,
      accurate: request.accurate,
      nokey: request.nokey,
      forcedImageType,
    });
    return toCapturedFrame(image);
  };
  return {
    captureFrame: (request, ctx) => capture(request, ctx),
    captureJpegFrame: (request, ctx) => capture(request, ctx, "jpg"),
    capturePngFrame: (request, ctx) => capture(request, ctx, "png"),
  };
}

function toCapturedFrame(image: CapturedImage): CapturedFrame {
  return { contentType: image.contentType, data: image.data, filename: "" };
}
