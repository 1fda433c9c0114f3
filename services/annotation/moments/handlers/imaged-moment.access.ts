import { ImagedMomentServiceService } from "../../../../proto/gen/m3/annotation/v1/imaged_moment_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** Reads and counts are open; writes need a JWT. */
export const IMAGED_MOMENT_ACCESS = declareAccess(ImagedMomentServiceService, {
  listImagedMoments: "none",
  getImagedMoment: "none",
  countImagedMoments: "none",
  listImagedMomentsWithImages: "none",
  countImagedMomentsWithImages: "none",
  countImagedMomentsWithImagesByVideoReference: "none",
  listImagedMomentsByLinkName: "none",
  countImagedMomentsByLinkName: "none",
  listImagedMomentsByConcept: "none",
  listImagedMomentsByConceptWithImages: "none",
  countImagedMomentsByConcept: "none",
  countImagedMomentsByConceptWithImages: "none",
  listModifiedImagedMoments: "none",
  countModifiedImagedMoments: "none",
  listImagedMomentCounts: "none",
  listVideoReferenceUuids: "none",
  listImagedMomentsByVideoReference: "none",
  countImagedMomentsModifiedBefore: "none",
  getImagedMomentByImageReference: "none",
  getImagedMomentByObservation: "none",
  listImagedMomentsInWindow: "none",
  deleteImagedMomentsByVideoReference: "jwt",
  updateImagedMoment: "jwt",
  updateRecordedTimestamps: "jwt",
  updateTapeTimes: "jwt",
  moveImagedMoments: "jwt",
  deleteImagedMoment: "jwt",
});
