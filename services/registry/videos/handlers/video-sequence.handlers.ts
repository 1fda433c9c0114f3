import type { VideoSequenceServiceService } from "../../../../proto/gen/m3/registry/v1/video_sequence_service.js";
import type { UnaryHandlers } from "../../../kit/grpc/bind-service.js";
import type { VideoSequenceTree } from "../../entities/registry.views.js";
import { instantOf, toLastUpdatedTime, toVideoSequence } from "../../shared/registry.mapper.js";
import type { VideoSequenceService } from "../services/video-sequence.service.js";

export function videoSequenceHandlers(
  sequences: VideoSequenceService,
): UnaryHandlers<typeof VideoSequenceServiceService> {
  const list = async (found: Promise<VideoSequenceTree[]>) => ({
    videoSequences: (await found).map(toVideoSequence),
  });
  const names = async (found: Promise<string[]>) => ({ names: await found });
  return {
    listVideoSequences: (request) => list(sequences.list(request.limit, request.offset)),
    listVideoSequenceNames: () => names(sequences.listNames()),
    listEmptyVideoSequenceNames: () => names(sequences.listEmptyNames()),
    listVideoSequenceNamesByCamera: (request) => names(sequences.listNamesByCamera(request.cameraId)),
    listCameraIds: async () => ({ cameraIds: await sequences.listCameraIds() }),
    listVideoSequencesByCamera: (request) => list(sequences.listByCamera(request.cameraId)),
    listVideoSequencesByCameraAndTime: (request) =>
      list(sequences.listByCameraAndTime(request.cameraId, instantOf(request.timestamp, "timestamp"))),
    getVideoSequenceByName: async (request) => toVideoSequence(await sequences.getByName(request.name)),
    getVideoSequenceByVideoReference: async (request) =>
      toVideoSequence(await sequences.getByVideoReference(request.videoReferenceUuid)),
    getVideoSequenceLastUpdatedTime: async (request) =>
      toLastUpdatedTime(await sequences.getLastUpdatedTime(request.uuid)),
    getVideoSequence: async (request) => toVideoSequence(await sequences.get(request.uuid)),
    createVideoSequence: async (request) =>
      toVideoSequence(
        await sequences.create({
          name: request.name,
          cameraId: request.cameraId,
          description: request.description,
        }),
      ),
    updateVideoSequence: async (request) =>
      toVideoSequence(
        await sequences.update(request.uuid, {
          name: request.name,
          cameraId: request.cameraId,
          description: request.description,
        }),
      ),
    deleteVideoSequence: async (request) => {
      await sequences.delete(request.uuid);
      return {};
    },
  };
}
