import type { ReferenceServiceService } from "../../../../proto/gen/m3/kb/v1/reference_service.js";
import type { UnaryHandlers } from "../../../kit/grpc/bind-service.js";
import type { PageOf, ReferenceView } from "../services/attachment.views.js";
import type { ReferenceService } from "../services/reference.service.js";
import { toReference } from "./attachments.mapper.js";

const page = async (found: Promise<PageOf<ReferenceView>>) => {
  const { content, limit, offset } = await found;
  return { content: content.map(toReference), limit, offset };
};

/** Writes need any valid token (checked by bindService); references keep no history. */
export function referenceHandlers(service: ReferenceService): UnaryHandlers<typeof ReferenceServiceService> {
  return {
    listReferences: (request) => page(service.list(request.limit, request.offset)),
    getReference: async (request) => toReference(await service.get(request.id)),
    searchReferencesByCitation: (request) =>
      page(service.searchByCitation(request.citation, request.limit, request.offset)),
    findReferenceByDoi: async (request) => toReference(await service.findByDoi(request.doi)),
    createReference: async (request) => toReference(await service.create(request)),
    updateReference: async (request) => toReference(await service.update(request.id, request)),
    deleteReference: async (request) => {
      await service.delete(request.id);
      return {};
    },
    addReferenceConcept: async (request) =>
      toReference(await service.addConcept(request.id, request.concept)),
    removeReferenceConcept: async (request) =>
      toReference(await service.removeConcept(request.id, request.concept)),
  };
}
