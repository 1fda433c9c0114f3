import type { IndexServiceService } from "../../../../proto/gen/m3/annotation/v1/index_service.js";
import type { Index } from "../../../../proto/gen/m3/annotation/v1/resources.js";
import type { UnaryHandlers } from "../../../kit/grpc/bind-service.js";
import { Instant } from "../../../kit/time/instant.js";
import type { ImagedMomentEntity } from "../../entities/imaged-moment.entity.js";
import type { IndexService } from "../services/index.service.js";

export function toIndex(moment: ImagedMomentEntity): Index {
  return {
    videoReferenceUuid: moment.videoReferenceUuid,
    timecode: moment.timecode ?? undefined,
    elapsedTimeMillis: moment.elapsedTimeMillis ?? undefined,
    recordedTimestamp: moment.recordedTimestamp?.toTimestamp(),
    uuid: moment.uuid,
    lastUpdated: moment.lastUpdatedTime.toTimestamp(),
  };
}

export function indexHandlers(indices: IndexService): UnaryHandlers<typeof IndexServiceService> {
  return {
    listIndicesByVideoReference: async (request) => ({
      indices: (
        await indices.listByVideoReference(request.videoReferenceUuid, request.limit, request.offset)
      ).map(toIndex),
    }),
    updateIndexRecordedTimestamps: async (request) => ({
      indices: (
        await indices.updateRecordedTimestamps(
          request.indices.map((index) => ({
            uuid: index.uuid,
            recordedTimestamp: index.recordedTimestamp && Instant.fromTimestamp(index.recordedTimestamp),
          })),
        )
      ).map(toIndex),
    }),
  };
}
