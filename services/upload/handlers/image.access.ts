import { ImageServiceService } from "../../../proto/gen/m3/upload/v1/image_service.js";
import { declareAccess } from "../../kit/grpc/method-access.js";

/** Resolving is open to all; uploading needs a JWT. */
export const IMAGE_ACCESS = declareAccess(ImageServiceService, {
  resolveImage: "none",
  uploadImage: "jwt",
});
