import { ANNOTATION_RPC_ACCESS } from "../../../services/annotation/annotation.access.js";
import type { ServiceRoutes } from "../engine/route-spec.js";
import { ANNO_ANNOTATIONS_PROTO_FILES, annotationAnnotationsRoutes } from "./anno-annotations.routes.js";
import { ANNO_BOXES_PROTO_FILES, annotationBoxesRoutes } from "./anno-boxes.routes.js";
import { ANNO_FAST_PROTO_FILES, annotationFastRoutes } from "./anno-fast.routes.js";
import { ANNO_MOMENTS_PROTO_FILES, annotationMomentsRoutes } from "./anno-moments.routes.js";
import { ANNO_OBSERVATIONS_PROTO_FILES, annotationObservationsRoutes } from "./anno-observations.routes.js";
import { ANNO_QUERY_PROTO_FILES, annotationQueryRoutes } from "./anno-query.routes.js";
import { COMMON_PROTO_FILES } from "./common.routes.js";

/** The annotation service (legacy annosaurus): snake_case JSON, absent fields left out. */
export const annotationRoutes: ServiceRoutes = {
  domain: "annotation",
  basePath: "/anno",
  title: "m3 annotation service",
  protoFiles: [
    ...new Set([
      ...COMMON_PROTO_FILES,
      ...ANNO_MOMENTS_PROTO_FILES,
      ...ANNO_OBSERVATIONS_PROTO_FILES,
      ...ANNO_ANNOTATIONS_PROTO_FILES,
      ...ANNO_FAST_PROTO_FILES,
      ...ANNO_QUERY_PROTO_FILES,
      ...ANNO_BOXES_PROTO_FILES,
    ]),
  ],
  access: ANNOTATION_RPC_ACCESS,
  casing: "snake",
  nulls: "omit",
  routes: [
    ...annotationAnnotationsRoutes,
    ...annotationObservationsRoutes,
    ...annotationMomentsRoutes,
    ...annotationFastRoutes,
    ...annotationQueryRoutes,
    ...annotationBoxesRoutes,
  ],
};
