import { MediaServiceService } from "../../../../proto/gen/m3/registry/v1/media_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** Reads are open; writes need a JWT. */
export const MEDIA_ACCESS = declareAccess(MediaServiceService, {
  createMedia: "jwt",
  updateMedia: "jwt",
  moveMedia: "jwt",
  getMediaByVideoReference: "none",
  getMediaBySha512: "none",
  getMediaByUri: "none",
  listMediaByFilename: "none",
  listMediaByVideoSequenceName: "none",
  listMediaByVideoName: "none",
  listMediaByCameraAndTime: "none",
  listMediaByCameraAndTimeRange: "none",
  listConcurrentMedia: "none",
});
