import type { LinkRealizationServiceService } from "../../../../proto/gen/m3/kb/v1/link_realization_service.js";
import type { UnaryHandlers } from "../../../kit/grpc/bind-service.js";
import type { PrincipalResolver } from "../../contracts/principal.js";
import type { LinkService } from "../services/link.service.js";
import { toExtendedLinks } from "./attachments.mapper.js";
import { linkFamilyHandlers } from "./link-family.handlers.js";

export function linkRealizationHandlers(
  realizations: LinkService,
  principals: PrincipalResolver,
): UnaryHandlers<typeof LinkRealizationServiceService> {
  const family = linkFamilyHandlers(realizations, principals);
  return {
    listLinkRealizations: family.list,
    countLinkRealizations: family.count,
    getLinkRealization: family.get,
    listConceptLinkRealizations: family.listByConcept,
    countConceptLinkRealizations: family.countByConcept,
    listLinkRealizationsToConcept: family.listToConcept,
    countLinkRealizationsToConcept: family.countToConcept,
    findLinkRealizationPrototypes: family.findPrototypes,
    renameLinkRealizationsToConcept: family.rename,
    createLinkRealization: family.create,
    updateLinkRealization: family.update,
    deleteLinkRealization: family.delete,
    listLinkRealizationsByLinkName: async (request) =>
      toExtendedLinks(await realizations.listByLinkName(request.linkName)),
  };
}
