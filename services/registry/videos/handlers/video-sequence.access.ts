import { VideoSequenceServiceService } from "../../../../proto/gen/m3/registry/v1/video_sequence_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** Reads are open; writes need a JWT. */
export const VIDEO_SEQUENCE_ACCESS = declareAccess(VideoSequenceServiceService, {
  listVideoSequences: "none",
  listVideoSequenceNames: "none",
  listEmptyVideoSequenceNames: "none",
  listVideoSequenceNamesByCamera: "none",
  listCameraIds: "none",
  listVideoSequencesByCamera: "none",
  listVideoSequencesByCameraAndTime: "none",
  getVideoSequenceByName: "none",
  getVideoSequenceByVideoReference: "none",
  getVideoSequenceLastUpdatedTime: "none",
  getVideoSequence: "none",
  createVideoSequence: "jwt",
  updateVideoSequence: "jwt",
  deleteVideoSequence: "jwt",
});
