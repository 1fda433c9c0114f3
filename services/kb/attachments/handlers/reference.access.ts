import { ReferenceServiceService } from "../../../../proto/gen/m3/kb/v1/reference_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** Reads are open; writes need a JWT. */
export const REFERENCE_ACCESS = declareAccess(ReferenceServiceService, {
  listReferences: "none",
  getReference: "none",
  searchReferencesByCitation: "none",
  findReferenceByDoi: "none",
  createReference: "jwt",
  updateReference: "jwt",
  deleteReference: "jwt",
  addReferenceConcept: "jwt",
  removeReferenceConcept: "jwt",
});
