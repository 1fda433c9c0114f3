import { VideoReferenceServiceService } from "../../../../proto/gen/m3/registry/v1/video_reference_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** Reads are open; writes need a JWT. */
export const VIDEO_REFERENCE_ACCESS = declareAccess(VideoReferenceServiceService, {
  listVideoReferences: "none",
  listVideoReferenceUris: "none",
  getVideoReferenceByUri: "none",
  getVideoReferenceBySha512: "none",
  getVideoReferenceLastUpdatedTime: "none",
  getVideoReference: "none",
  createVideoReference: "jwt",
  updateVideoReference: "jwt",
  deleteVideoReference: "jwt",
});
