import type { MediaServiceService } from "../../../../proto/gen/m3/registry/v1/media_service.js";
import type { UnaryHandlers } from "../../../kit/grpc/bind-service.js";
import { instantOf, mediaInputOf, toMedia } from "../../shared/registry.mapper.js";
import type { MediaService } from "../services/media.service.js";
import type { MediaMoveService } from "../services/media-move.service.js";
import type { MediaUpdateService } from "../services/media-update.service.js";

export interface MediaServices {
  media: MediaService;
  mediaUpdate: MediaUpdateService;
  mediaMove: MediaMoveService;
}

export function mediaHandlers(services: MediaServices): UnaryHandlers<typeof MediaServiceService> {
  const { media, mediaUpdate, mediaMove } = services;
  const list = async (found: Promise<Parameters<typeof toMedia>[0][]>) => ({
    media: (await found).map(toMedia),
  });
  return {
    createMedia: async (request) => toMedia(await media.create(mediaInputOf(request.media))),
    updateMedia: async (request) =>
      toMedia(await mediaUpdate.update(request.videoReferenceUuid, mediaInputOf(request.media))),
    moveMedia: async (request) =>
      toMedia(
        await mediaMove.move(request.videoReferenceUuid, {
          videoName: request.videoName,
          start: instantOf(request.startTimestamp, "start_timestamp"),
          durationMillis: request.durationMillis,
        }),
      ),
    getMediaByVideoReference: async (request) =>
      toMedia(await media.getByVideoReference(request.videoReferenceUuid)),
    getMediaBySha512: async (request) => toMedia(await media.getBySha512(request.sha512)),
    getMediaByUri: async (request) => toMedia(await media.getByUri(request.uri)),
    listMediaByFilename: (request) => list(media.listByFilename(request.filename)),
    listMediaByVideoSequenceName: (request) => list(media.listByVideoSequenceName(request.videoSequenceName)),
    listMediaByVideoName: (request) => list(media.listByVideoName(request.videoName)),
    listMediaByCameraAndTime: (request) =>
      list(media.listByCameraAndTime(request.cameraId, instantOf(request.timestamp, "timestamp"))),
    listMediaByCameraAndTimeRange: (request) =>
      list(
        media.listByCameraAndTimeRange(
          request.cameraId,
          instantOf(request.startTimestamp, "start_timestamp"),
          instantOf(request.endTimestamp, "end_timestamp"),
        ),
      ),
    listConcurrentMedia: (request) => list(media.listConcurrent(request.videoReferenceUuid)),
  };
}
