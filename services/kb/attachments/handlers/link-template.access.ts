import { LinkTemplateServiceService } from "../../../../proto/gen/m3/kb/v1/link_template_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** Reads are open; writes need a JWT. */
export const LINK_TEMPLATE_ACCESS = declareAccess(LinkTemplateServiceService, {
  listLinkTemplates: "none",
  countLinkTemplates: "none",
  getLinkTemplate: "none",
  listConceptLinkTemplates: "none",
  countConceptLinkTemplates: "none",
  listLinkTemplatesToConcept: "none",
  countLinkTemplatesToConcept: "none",
  findLinkTemplatePrototypes: "none",
  renameLinkTemplatesToConcept: "jwt",
  createLinkTemplate: "jwt",
  updateLinkTemplate: "jwt",
  deleteLinkTemplate: "jwt",
  listApplicableLinkTemplates: "none",
});
