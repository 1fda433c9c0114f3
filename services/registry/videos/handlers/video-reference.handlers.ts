import type { VideoReferenceServiceService } from "../../../../proto/gen/m3/registry/v1/video_reference_service.js";
import type { UnaryHandlers } from "../../../kit/grpc/bind-service.js";
import { toLastUpdatedTime, toVideoReference } from "../../shared/registry.mapper.js";
import type { VideoReferenceService } from "../services/video-reference.service.js";

export function videoReferenceHandlers(
  references: VideoReferenceService,
): UnaryHandlers<typeof VideoReferenceServiceService> {
  return {
    listVideoReferences: async (request) => ({
      videoReferences: (await references.list(request.limit, request.offset)).map(toVideoReference),
    }),
    listVideoReferenceUris: async () => ({ uris: await references.listUris() }),
    getVideoReferenceByUri: async (request) => toVideoReference(await references.getByUri(request.uri)),
    getVideoReferenceBySha512: async (request) =>
      toVideoReference(await references.getBySha512(request.sha512)),
    getVideoReferenceLastUpdatedTime: async (request) =>
      toLastUpdatedTime(await references.getLastUpdatedTime(request.uuid)),
    getVideoReference: async (request) => toVideoReference(await references.get(request.uuid)),
    createVideoReference: async (request) => toVideoReference(await references.create(request)),
    updateVideoReference: async (request) => {
      const { uuid, ...changes } = request;
      return toVideoReference(await references.update(uuid, changes));
    },
    deleteVideoReference: async (request) => {
      await references.delete(request.uuid);
      return {};
    },
  };
}
