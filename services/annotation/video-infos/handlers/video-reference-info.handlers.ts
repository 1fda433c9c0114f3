import type { VideoReferenceInfo } from "../../../../proto/gen/m3/annotation/v1/resources.js";
import type { VideoReferenceInfoServiceService } from "../../../../proto/gen/m3/annotation/v1/video_reference_info_service.js";
import type { UnaryHandlers } from "../../../kit/grpc/bind-service.js";
import type { VideoReferenceInfoEntity } from "../../entities/video-reference-info.entity.js";
import type { VideoReferenceInfoService } from "../services/video-reference-info.service.js";

export function toVideoReferenceInfo(info: VideoReferenceInfoEntity): VideoReferenceInfo {
  return {
    uuid: info.uuid,
    videoReferenceUuid: info.videoReferenceUuid,
    platformName: info.platformName,
    missionId: info.missionId,
    missionContact: info.missionContact ?? undefined,
    lastUpdated: info.lastUpdatedTime.toTimestamp(),
  };
}

function many(infos: VideoReferenceInfoEntity[]) {
  return { videoReferenceInfos: infos.map(toVideoReferenceInfo) };
}

export function videoReferenceInfoHandlers(
  infos: VideoReferenceInfoService,
): UnaryHandlers<typeof VideoReferenceInfoServiceService> {
  return {
    listVideoReferenceInfos: async (request) => many(await infos.list(request.limit, request.offset)),
    listVideoReferenceInfoVideoReferenceUuids: async () => ({
      uuids: await infos.listVideoReferenceUuids(),
    }),
    getVideoReferenceInfo: async (request) => toVideoReferenceInfo(await infos.get(request.uuid)),
    getVideoReferenceInfoByVideoReference: async (request) =>
      toVideoReferenceInfo(await infos.getByVideoReference(request.videoReferenceUuid)),
    listMissionIds: async () => ({ values: await infos.listMissionIds() }),
    listVideoReferenceInfosByMissionId: async (request) =>
      many(await infos.listByMissionId(request.missionId)),
    listMissionContacts: async () => ({ values: await infos.listMissionContacts() }),
    listVideoReferenceInfosByMissionContact: async (request) =>
      many(await infos.listByMissionContact(request.missionContact)),
    createVideoReferenceInfo: async (request) => toVideoReferenceInfo(await infos.create(request)),
    updateVideoReferenceInfo: async (request) => {
      const { uuid, ...changes } = request;
      return toVideoReferenceInfo(await infos.update(uuid, changes));
    },
    deleteVideoReferenceInfo: async (request) => {
      await infos.delete(request.uuid);
      return {};
    },
  };
}
