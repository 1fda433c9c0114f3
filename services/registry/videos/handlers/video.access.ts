import { VideoServiceService } from "../../../../proto/gen/m3/registry/v1/video_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** Reads are open; writes need a JWT. */
export const VIDEO_ACCESS = declareAccess(VideoServiceService, {
  listVideos: "none",
  listVideosByVideoSequence: "none",
  listVideosByVideoSequenceName: "none",
  listVideosByName: "none",
  listVideoNamesByVideoSequenceName: "none",
  listVideosByTime: "none",
  listVideosByTimeRange: "none",
  getVideoByVideoReference: "none",
  getVideoLastUpdatedTime: "none",
  getVideo: "none",
  createVideo: "jwt",
  updateVideo: "jwt",
  deleteVideo: "jwt",
});
