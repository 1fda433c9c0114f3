import type {
  ReadVideoFileResponse,
  VideoFileServiceService,
} from "../../../../proto/gen/m3/capture/v1/video_file_service.js";
import type { ServiceHandlers } from "../../../kit/grpc/bind-service.js";
import type { CaptureAccessGuard } from "../../handlers/capture-access.guard.js";
import type { VideoFileService } from "../video-file.service.js";

export function videoFileHandlers(
  service: VideoFileService,
  guard: CaptureAccessGuard,
): ServiceHandlers<typeof VideoFileServiceService> {
  return {
    createVideoFileTicket: async (request, ctx) => {
      await guard.check(ctx);
      return service.issueTicket(request.videoUrl);
    },
    readVideoFile: async function* (request): AsyncGenerator<ReadVideoFileResponse> {
      const { head, data } = await service.read(request);
      yield { head, data: Buffer.alloc(0) };
      for await (const chunk of data) yield { head: undefined, data: chunk };
    },
  };
}
