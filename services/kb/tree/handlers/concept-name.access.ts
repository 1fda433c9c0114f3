import { ConceptNameServiceService } from "../../../../proto/gen/m3/kb/v1/concept_name_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** Reads are open; writes need a JWT. */
export const CONCEPT_NAME_ACCESS = declareAccess(ConceptNameServiceService, {
  listNames: "none",
  getNamedConcept: "none",
  createConceptName: "jwt",
  updateConceptName: "jwt",
  deleteConceptName: "jwt",
});
