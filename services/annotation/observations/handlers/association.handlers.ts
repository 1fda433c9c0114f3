import type { AssociationServiceService } from "../../../../proto/gen/m3/annotation/v1/association_service.js";
import type { UnaryHandlers } from "../../../kit/grpc/bind-service.js";
import { toAssociation } from "../../shared/resources.mapper.js";
import type { OwnedAssociation } from "../repositories/association.repository.js";
import type { AssociationService } from "../services/association.service.js";
import { toConceptCount, toRenameCount } from "./count.mapper.js";

function toOwnedAssociation(owned: OwnedAssociation) {
  return toAssociation(owned.association, { imagedMomentUuid: owned.imagedMomentUuid });
}

export function associationHandlers(
  associations: AssociationService,
): UnaryHandlers<typeof AssociationServiceService> {
  return {
    getAssociation: async (request) => toOwnedAssociation(await associations.get(request.uuid)),
    listAssociationsByVideoReferenceAndLinkName: async (request) => ({
      associations: (
        await associations.listByVideoReferenceAndLinkName(
          request.videoReferenceUuid,
          request.linkName,
          request.concept,
        )
      ).map((association) => toAssociation(association)),
    }),
    listConceptAssociations: async (request) => {
      const found = await associations.listConceptAssociations(request.videoReferenceUuids, request.linkName);
      return {
        conceptAssociationRequest: {
          videoReferenceUuids: found.videoReferenceUuids,
          linkName: found.linkName,
        },
        conceptAssociations: found.rows.map((row) => ({
          uuid: row.association.uuid,
          videoReferenceUuid: row.videoReferenceUuid,
          concept: row.concept ?? undefined,
          linkName: row.association.linkName,
          toConcept: row.association.toConcept ?? undefined,
          linkValue: row.association.linkValue ?? undefined,
          mimeType: row.association.mimeType,
        })),
      };
    },
    countAssociationsByToConcept: async (request) =>
      toConceptCount(await associations.countByToConcept(request.concept)),
    renameToConcept: async (request) =>
      toRenameCount(await associations.renameToConcept(request.old, request.new)),
    createAssociation: async (request) => toOwnedAssociation(await associations.create(request)),
    updateAssociation: async (request) => {
      const { uuid, ...changes } = request;
      return toOwnedAssociation(await associations.update(uuid, changes));
    },
    updateAssociations: async (request) => ({
      associations: (await associations.updateMany(request.associations)).map(toOwnedAssociation),
    }),
    deleteAssociation: async (request) => {
      await associations.delete(request.uuid);
      return {};
    },
    deleteAssociations: async (request) => {
      await associations.deleteMany(request.uuids);
      return {};
    },
  };
}
