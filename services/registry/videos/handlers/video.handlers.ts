import type { VideoServiceService } from "../../../../proto/gen/m3/registry/v1/video_service.js";
import type { UnaryHandlers } from "../../../kit/grpc/bind-service.js";
import type { VideoTree } from "../../entities/registry.views.js";
import { instantOf, toLastUpdatedTime, toVideo } from "../../shared/registry.mapper.js";
import type { VideoService } from "../services/video.service.js";

export function videoHandlers(videos: VideoService): UnaryHandlers<typeof VideoServiceService> {
  const list = async (found: Promise<VideoTree[]>) => ({ videos: (await found).map(toVideo) });
  return {
    listVideos: (request) => list(videos.list(request.limit, request.offset)),
    listVideosByVideoSequence: (request) => list(videos.listBySequence(request.videoSequenceUuid)),
    listVideosByVideoSequenceName: (request) => list(videos.listBySequenceName(request.videoSequenceName)),
    listVideosByName: (request) => list(videos.listByName(request.name)),
    listVideoNamesByVideoSequenceName: async (request) => ({
      names: await videos.listNamesBySequenceName(request.videoSequenceName),
    }),
    listVideosByTime: (request) => list(videos.listByTime(instantOf(request.timestamp, "timestamp"))),
    listVideosByTimeRange: (request) =>
      list(
        videos.listByTimeRange(
          instantOf(request.startTimestamp, "start_timestamp"),
          instantOf(request.endTimestamp, "end_timestamp"),
        ),
      ),
    getVideoByVideoReference: async (request) =>
      toVideo(await videos.getByVideoReference(request.videoReferenceUuid)),
    getVideoLastUpdatedTime: async (request) =>
      toLastUpdatedTime(await videos.getLastUpdatedTime(request.uuid)),
    getVideo: async (request) => toVideo(await videos.get(request.uuid)),
    createVideo: async (request) =>
      toVideo(
        await videos.create({
          name: request.name,
          videoSequenceUuid: request.videoSequenceUuid,
          start: instantOf(request.start, "start"),
          startTimestamp: instantOf(request.startTimestamp, "start_timestamp"),
          durationMillis: request.durationMillis,
          description: request.description,
        }),
      ),
    updateVideo: async (request) =>
      toVideo(
        await videos.update(request.uuid, {
          name: request.name,
          videoSequenceUuid: request.videoSequenceUuid,
          start: instantOf(request.start, "start"),
          startTimestamp: instantOf(request.startTimestamp, "start_timestamp"),
          durationMillis: request.durationMillis,
          description: request.description,
        }),
      ),
    deleteVideo: async (request) => {
      await videos.delete(request.uuid);
      return {};
    },
  };
}
