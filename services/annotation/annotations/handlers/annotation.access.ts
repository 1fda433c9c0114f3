import { AnnotationServiceService } from "../../../../proto/gen/m3/annotation/v1/annotation_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** Reads and counts are open; writes need a JWT. */
export const ANNOTATION_ACCESS = declareAccess(AnnotationServiceService, {
  getAnnotation: "none",
  getAnnotationByAssociation: "none",
  listAnnotationsByImageReference: "none",
  listAnnotationsByVideoReference: "none",
  createAnnotation: "jwt",
  createAnnotations: "jwt",
  updateAnnotation: "jwt",
  updateAnnotations: "jwt",
  countConcurrentAnnotations: "none",
  countMultiAnnotations: "none",
});
