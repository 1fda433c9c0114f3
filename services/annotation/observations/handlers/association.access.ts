import { AssociationServiceService } from "../../../../proto/gen/m3/annotation/v1/association_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** Reads and counts are open; writes need a JWT. */
export const ASSOCIATION_ACCESS = declareAccess(AssociationServiceService, {
  getAssociation: "none",
  listAssociationsByVideoReferenceAndLinkName: "none",
  listConceptAssociations: "none",
  countAssociationsByToConcept: "none",
  renameToConcept: "jwt",
  createAssociation: "jwt",
  updateAssociation: "jwt",
  updateAssociations: "jwt",
  deleteAssociation: "jwt",
  deleteAssociations: "jwt",
});
