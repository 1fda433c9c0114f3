import { LinkRealizationServiceService } from "../../../../proto/gen/m3/kb/v1/link_realization_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** Reads are open; writes need a JWT. */
export const LINK_REALIZATION_ACCESS = declareAccess(LinkRealizationServiceService, {
  listLinkRealizations: "none",
  countLinkRealizations: "none",
  getLinkRealization: "none",
  listConceptLinkRealizations: "none",
  countConceptLinkRealizations: "none",
  listLinkRealizationsToConcept: "none",
  countLinkRealizationsToConcept: "none",
  findLinkRealizationPrototypes: "none",
  renameLinkRealizationsToConcept: "jwt",
  createLinkRealization: "jwt",
  updateLinkRealization: "jwt",
  deleteLinkRealization: "jwt",
  listLinkRealizationsByLinkName: "none",
});
