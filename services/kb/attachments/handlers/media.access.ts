import { MediaServiceService } from "../../../../proto/gen/m3/kb/v1/media_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** Reads are open; writes need a JWT. */
export const MEDIA_ACCESS = declareAccess(MediaServiceService, {
  listConceptMedia: "none",
  getMedia: "none",
  createMedia: "jwt",
  updateMedia: "jwt",
  deleteMedia: "jwt",
});
