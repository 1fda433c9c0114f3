import { VideoReferenceInfoServiceService } from "../../../../proto/gen/m3/annotation/v1/video_reference_info_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** Reads are open; writes need a JWT. */
export const VIDEO_REFERENCE_INFO_ACCESS = declareAccess(VideoReferenceInfoServiceService, {
  listVideoReferenceInfos: "none",
  listVideoReferenceInfoVideoReferenceUuids: "none",
  getVideoReferenceInfo: "none",
  getVideoReferenceInfoByVideoReference: "none",
  listMissionIds: "none",
  listVideoReferenceInfosByMissionId: "none",
  listMissionContacts: "none",
  listVideoReferenceInfosByMissionContact: "none",
  createVideoReferenceInfo: "jwt",
  updateVideoReferenceInfo: "jwt",
  deleteVideoReferenceInfo: "jwt",
});
