import type { DeepSeaGuideServiceService } from "../../../proto/gen/m3/kb/v1/deep_sea_guide_service.js";
import type { UnaryHandlers } from "../../kit/grpc/bind-service.js";
import type { RepresentativeImageService } from "./representative-images.service.js";

export function deepSeaGuideHandlers(
  images: RepresentativeImageService,
): UnaryHandlers<typeof DeepSeaGuideServiceService> {
  return {
    listRepresentativeImages: async (request) => ({ images: await images.list(request.name, request.limit) }),
  };
}
