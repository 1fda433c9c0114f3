import { ImageServiceService } from "../../../../proto/gen/m3/annotation/v1/image_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** Reads are open; writes need a JWT. */
export const IMAGE_ACCESS = declareAccess(ImageServiceService, {
  getImage: "none",
  listImagesByVideoReference: "none",
  listImagesByName: "none",
  getImageByUrl: "none",
  createImage: "jwt",
  updateImage: "jwt",
  getImageReference: "none",
  updateImageReference: "jwt",
  deleteImageReference: "jwt",
});
