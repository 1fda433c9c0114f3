import type { RouteSpec } from "../engine/route-spec.js";

const FAST = "m3.annotation.v1.FastQueryService";
const PAGE = ["limit", "offset"] as const;
const PAGE_DATA = ["limit", "offset", "data"] as const;

/** The .proto files of the fast query routes. */
export const ANNO_FAST_PROTO_FILES = [
  "m3/annotation/v1/fast_query_service.proto",
  "m3/annotation/v1/fast_query_constraints.proto",
] as const;

/** Fast annotation queries (legacy /v1/fast): annotations without last-updated times, by observation UUID. */
export const annotationFastRoutes: RouteSpec[] = [
  {
    method: "GET",
    path: "/v1/fast/concept/images/{concept}",
    rpc: `${FAST}/ListFastAnnotationsWithImagesByConcept`,
    responseBody: "annotations",
    query: PAGE_DATA,
    summary: "Annotations of a concept whose imaged moment has an image",
  },
  {
    method: "GET",
    path: "/v1/fast/concept/{concept}",
    rpc: `${FAST}/ListFastAnnotationsByConcept`,
    responseBody: "annotations",
    query: PAGE_DATA,
    summary: "Annotations of a concept",
  },
  {
    method: "POST",
    path: "/v1/fast/concurrent",
    rpc: `${FAST}/ListFastConcurrentAnnotations`,
    body: "*",
    bodyEncodings: ["json"],
    responseBody: "annotations",
    query: PAGE_DATA,
    summary: "Annotations of video references recorded between two instants (inclusive)",
  },
  {
    method: "GET",
    path: "/v1/fast/count",
    rpc: `${FAST}/CountFastAnnotations`,
    summary: "Count every annotation",
  },
  {
    method: "POST",
    path: "/v1/fast/count",
    rpc: `${FAST}/CountFastAnnotationsByConstraints`,
    body: "constraints",
    bodyEncodings: ["json"],
    summary: "Count the annotations matching query constraints (snake_case or camelCase)",
  },
  {
    method: "GET",
    path: "/v1/fast/details/{link_name}/{link_value}",
    rpc: `${FAST}/ListFastAnnotationsByLinkDetails`,
    responseBody: "annotations",
    query: ["data"],
    summary: "Every annotation of the imaged moments holding an association with that link name and value",
  },
  {
    method: "POST",
    path: "/v1/fast/georange",
    rpc: `${FAST}/GetFastGeographicRange`,
    body: "constraints",
    bodyEncodings: ["json"],
    summary: "Latitude, longitude and depth range of the annotations matching query constraints",
  },
  {
    method: "GET",
    path: "/v1/fast/imagedmoments/concept/images/{concept}",
    rpc: `${FAST}/ListFastImagedMomentUuidsByConcept`,
    responseBody: "uuids",
    query: PAGE,
    summary: "UUIDs of imaged moments with images and an observation of a concept, by recorded timestamp",
  },
  {
    method: "GET",
    path: "/v1/fast/imagedmoments/toconcept/images/{to_concept}",
    rpc: `${FAST}/ListFastImagedMomentUuidsByToConcept`,
    responseBody: "uuids",
    query: PAGE,
    summary: "UUIDs of imaged moments with images and an association to a concept, by recorded timestamp",
  },
  {
    method: "GET",
    path: "/v1/fast/images/count/videoreference/{video_reference_uuid}",
    rpc: `${FAST}/CountFastImagesByVideoReference`,
    summary: "Count the image references of a video reference",
  },
  {
    method: "GET",
    path: "/v1/fast/images/videoreference/{video_reference_uuid}",
    rpc: `${FAST}/ListFastImagesByVideoReference`,
    responseBody: "images",
    query: PAGE,
    summary: "Images of a video reference, ordered by recorded timestamp and image UUID",
  },
  {
    method: "POST",
    path: "/v1/fast/multi",
    rpc: `${FAST}/ListFastMultiAnnotations`,
    body: "*",
    bodyEncodings: ["json"],
    responseBody: "annotations",
    query: PAGE_DATA,
    summary: "Annotations of video references",
  },
  {
    method: "GET",
    path: "/v1/fast/toconcept/images/{to_concept}",
    rpc: `${FAST}/ListFastAnnotationsWithImagesByToConcept`,
    responseBody: "annotations",
    query: PAGE_DATA,
    summary: "Annotations with an association to a concept whose imaged moment has an image",
  },
  {
    method: "GET",
    path: "/v1/fast/videoreference/{video_reference_uuid}",
    rpc: `${FAST}/ListFastAnnotationsByVideoReference`,
    responseBody: "annotations",
    query: PAGE_DATA,
    summary: "Annotations of a video reference",
  },
  {
    method: "DELETE",
    path: "/v1/fast/videoreference/{video_reference_uuid}",
    rpc: `${FAST}/DeleteFastAnnotationsByVideoReference`,
    auth: "jwt",
    summary: "Delete, in one transaction, every annotation of a video reference; returns the counts",
  },
  {
    method: "GET",
    path: "/v1/fast",
    rpc: `${FAST}/ListFastAnnotations`,
    responseBody: "annotations",
    query: PAGE_DATA,
    summary: "Every annotation",
  },
  {
    method: "POST",
    path: "/v1/fast",
    rpc: `${FAST}/QueryFastAnnotations`,
    body: "constraints",
    bodyEncodings: ["json"],
    summary: "Annotations matching query constraints (snake_case or camelCase; default limit 5000)",
  },
];
