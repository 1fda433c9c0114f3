import { FastQueryServiceService } from "../../../../proto/gen/m3/annotation/v1/fast_query_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** Every fast query is a read except the whole-video delete, which needs a JWT. */
export const FAST_QUERY_ACCESS = declareAccess(FastQueryServiceService, {
  listFastAnnotations: "none",
  queryFastAnnotations: "none",
  countFastAnnotationsByConstraints: "none",
  getFastGeographicRange: "none",
  countFastAnnotations: "none",
  listFastAnnotationsByVideoReference: "none",
  listFastImagesByVideoReference: "none",
  countFastImagesByVideoReference: "none",
  listFastAnnotationsByConcept: "none",
  listFastAnnotationsWithImagesByConcept: "none",
  listFastAnnotationsWithImagesByToConcept: "none",
  listFastImagedMomentUuidsByConcept: "none",
  listFastImagedMomentUuidsByToConcept: "none",
  listFastAnnotationsByLinkDetails: "none",
  listFastConcurrentAnnotations: "none",
  listFastMultiAnnotations: "none",
  deleteFastAnnotationsByVideoReference: "jwt",
});
