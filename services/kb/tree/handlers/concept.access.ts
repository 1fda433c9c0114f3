import { ConceptServiceService } from "../../../../proto/gen/m3/kb/v1/concept_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** Reads are open; writes need a JWT. */
export const CONCEPT_ACCESS = declareAccess(ConceptServiceService, {
  listAllConceptNames: "none",
  countConcepts: "none",
  getConcept: "none",
  findConcepts: "none",
  getParentConcept: "none",
  listChildConcepts: "none",
  getRootConcept: "none",
  listRanks: "none",
  createConcept: "jwt",
  updateConcept: "jwt",
  deleteConcept: "jwt",
});
