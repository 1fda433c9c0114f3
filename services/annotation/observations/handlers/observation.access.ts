import { ObservationServiceService } from "../../../../proto/gen/m3/annotation/v1/observation_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** Reads and counts are open; writes need a JWT. */
export const OBSERVATION_ACCESS = declareAccess(ObservationServiceService, {
  getObservation: "none",
  getObservationByAssociation: "none",
  listObservationsByVideoReference: "none",
  listActivities: "none",
  listGroups: "none",
  listConcepts: "none",
  listConceptsByVideoReference: "none",
  countObservationsByConcept: "none",
  countImagedObservationsByConcept: "none",
  countObservationsByVideoReference: "none",
  listObservationCounts: "none",
  renameObservationConcept: "jwt",
  updateObservation: "jwt",
  updateObservations: "jwt",
  deleteObservationDuration: "jwt",
  deleteObservation: "jwt",
  deleteObservations: "jwt",
});
