import type { MediaServiceService } from "../../../../proto/gen/m3/kb/v1/media_service.js";
import type { UnaryHandlers } from "../../../kit/grpc/bind-service.js";
import type { PrincipalResolver } from "../../contracts/principal.js";
import type { MediaView } from "../services/attachment.views.js";
import { mediaRecord } from "../services/concept-attachments.service.js";
import type { MediaService } from "../services/media.service.js";
import { toMedia } from "./attachments.mapper.js";

const media = (view: MediaView) => toMedia(mediaRecord(view.media), view.conceptName);

export function mediaHandlers(
  service: MediaService,
  principals: PrincipalResolver,
): UnaryHandlers<typeof MediaServiceService> {
  return {
    listConceptMedia: async (request) => ({ media: (await service.listByConcept(request.name)).map(media) }),
    getMedia: async (request) => media(await service.get(request.id)),
    createMedia: async (request, ctx) =>
      media(await service.create(await principals.requireWriter(ctx), request.conceptName, request)),
    updateMedia: async (request, ctx) =>
      media(await service.update(await principals.requireWriter(ctx), request.id, request)),
    deleteMedia: async (request, ctx) => {
      await service.delete(await principals.requireWriter(ctx), request.id);
      return {};
    },
  };
}
