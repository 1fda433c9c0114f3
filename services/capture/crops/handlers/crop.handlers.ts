import type { CropServiceService } from "../../../../proto/gen/m3/capture/v1/crop_service.js";
import { currentHealthStatus } from "../../../kit/auth/health-status.binding.js";
import type { UnaryHandlers } from "../../../kit/grpc/bind-service.js";
import { M3_VERSION } from "../../../kit/version.js";
import type { CropService } from "../services/crop.service.js";

/** The legacy health record's identity: skimmer's name and description. */
const SKIMMER_IDENTITY = { application: "skimmer", description: "ROI Service", version: M3_VERSION };

export function cropHandlers(service: CropService): UnaryHandlers<typeof CropServiceService> {
  return {
    cropImage: async (request) => {
      const { data, cacheStatus } = await service.crop(request);
      return { contentType: "image/png", data, filename: "", cacheStatus };
    },
    getCropHealthStatus: async () => currentHealthStatus(SKIMMER_IDENTITY),
  };
}
