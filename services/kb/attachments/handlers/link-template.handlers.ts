import type { LinkTemplateServiceService } from "../../../../proto/gen/m3/kb/v1/link_template_service.js";
import type { UnaryHandlers } from "../../../kit/grpc/bind-service.js";
import type { PrincipalResolver } from "../../contracts/principal.js";
import type { LinkService } from "../services/link.service.js";
import type { LinkViewService } from "../services/link-view.service.js";
import { toExtendedLinks } from "./attachments.mapper.js";
import { linkFamilyHandlers } from "./link-family.handlers.js";

export function linkTemplateHandlers(
  templates: LinkService,
  views: LinkViewService,
  principals: PrincipalResolver,
): UnaryHandlers<typeof LinkTemplateServiceService> {
  const family = linkFamilyHandlers(templates, principals);
  return {
    listLinkTemplates: family.list,
    countLinkTemplates: family.count,
    getLinkTemplate: family.get,
    listConceptLinkTemplates: family.listByConcept,
    countConceptLinkTemplates: family.countByConcept,
    listLinkTemplatesToConcept: family.listToConcept,
    countLinkTemplatesToConcept: family.countToConcept,
    findLinkTemplatePrototypes: family.findPrototypes,
    renameLinkTemplatesToConcept: family.rename,
    createLinkTemplate: family.create,
    updateLinkTemplate: family.update,
    deleteLinkTemplate: family.delete,
    listApplicableLinkTemplates: async (request) =>
      toExtendedLinks(await views.listApplicable(request.conceptName, request.linkName)),
  };
}
