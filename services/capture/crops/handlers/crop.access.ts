import { CropServiceService } from "../../../../proto/gen/m3/capture/v1/crop_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/**
 * Anyone, as skimmer's clients call it: vars-gridview sends no credentials to the crop service.
 * A crop of a video reads its frame through capture without the capture key, so a site that
 * must keep frames private keeps `/skimmer` behind its network, as it did skimmer.
 */
export const CROP_ACCESS = declareAccess(CropServiceService, {
  cropImage: "none",
  getCropHealthStatus: "none",
});
