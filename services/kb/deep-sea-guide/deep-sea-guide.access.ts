import { DeepSeaGuideServiceService } from "../../../proto/gen/m3/kb/v1/deep_sea_guide_service.js";
import { declareAccess } from "../../kit/grpc/method-access.js";

/** Open, as every kb read the guide makes (it sends no token). */
export const DEEP_SEA_GUIDE_ACCESS = declareAccess(DeepSeaGuideServiceService, {
  listRepresentativeImages: "none",
});
