import type { RouteSpec } from "../engine/route-spec.js";
import { commonRoutes } from "./common.routes.js";

const ANNOTATIONS = "m3.annotation.v1.AnnotationService";
const INFOS = "m3.annotation.v1.VideoReferenceInfoService";
const INDICES = "m3.annotation.v1.IndexService";
const PAGE = ["limit", "offset"] as const;

/** The .proto files of the annotations, video reference information and index routes. */
export const ANNO_ANNOTATIONS_PROTO_FILES = [
  "m3/annotation/v1/annotation_service.proto",
  "m3/annotation/v1/video_reference_info_service.proto",
  "m3/annotation/v1/index_service.proto",
] as const;

const annotationRoutes: RouteSpec[] = [
  {
    method: "PUT",
    path: "/v1/annotations/bulk",
    rpc: `${ANNOTATIONS}/UpdateAnnotations`,
    body: "annotations",
    bodyEncodings: ["json"],
    responseBody: "annotations",
    summary: "Update many annotations (not their images, associations or ancillary data)",
  },
  {
    method: "POST",
    path: "/v1/annotations/bulk",
    rpc: `${ANNOTATIONS}/CreateAnnotations`,
    body: "annotations",
    bodyEncodings: ["json"],
    responseBody: "annotations",
    summary: "Create many annotations; returns every annotation of the imaged moments written",
  },
  {
    method: "POST",
    path: "/v1/annotations/concurrent/count",
    rpc: `${ANNOTATIONS}/CountConcurrentAnnotations`,
    body: "*",
    bodyEncodings: ["json"],
    summary: "Count the observations of video references recorded between two instants (inclusive)",
  },
  {
    method: "GET",
    path: "/v1/annotations/association/{association_uuid}",
    rpc: `${ANNOTATIONS}/GetAnnotationByAssociation`,
    summary: "The annotation owning an association",
  },
  {
    method: "GET",
    path: "/v1/annotations/imagereference/{image_reference_uuid}",
    rpc: `${ANNOTATIONS}/ListAnnotationsByImageReference`,
    responseBody: "annotations",
    summary: "The annotations of the imaged moment holding an image",
  },
  {
    method: "POST",
    path: "/v1/annotations/multi/count",
    rpc: `${ANNOTATIONS}/CountMultiAnnotations`,
    body: "*",
    bodyEncodings: ["json"],
    summary: "Count the observations of video references",
  },
  {
    method: "GET",
    path: "/v1/annotations/videoreference/{video_reference_uuid}",
    rpc: `${ANNOTATIONS}/ListAnnotationsByVideoReference`,
    responseBody: "annotations",
    query: PAGE,
    summary: "A page of a video reference's annotations, ordered by observation UUID",
  },
  {
    method: "GET",
    path: "/v1/annotations/{observation_uuid}",
    rpc: `${ANNOTATIONS}/GetAnnotation`,
    summary: "One annotation with its images, associations and ancillary data",
  },
  {
    method: "PUT",
    path: "/v1/annotations/{observation_uuid}",
    rpc: `${ANNOTATIONS}/UpdateAnnotation`,
    body: "*",
    summary: "Update an annotation; new indices move it to the matching imaged moment",
  },
  {
    method: "POST",
    path: "/v1/annotations",
    rpc: `${ANNOTATIONS}/CreateAnnotation`,
    body: "*",
    summary: "Create an annotation at the imaged moment found or created from its indices",
  },
];

const videoReferenceInfoRoutes: RouteSpec[] = [
  {
    method: "GET",
    path: "/v1/videoreferences/missioncontact/{mission_contact}",
    rpc: `${INFOS}/ListVideoReferenceInfosByMissionContact`,
    responseBody: "video_reference_infos",
    summary: "Video reference information of a mission contact",
  },
  {
    method: "GET",
    path: "/v1/videoreferences/missioncontacts",
    rpc: `${INFOS}/ListMissionContacts`,
    responseBody: "values",
    summary: "All mission contacts, sorted",
  },
  {
    method: "GET",
    path: "/v1/videoreferences/missionid/{mission_id}",
    rpc: `${INFOS}/ListVideoReferenceInfosByMissionId`,
    responseBody: "video_reference_infos",
    summary: "Video reference information of a mission id",
  },
  {
    method: "GET",
    path: "/v1/videoreferences/missionids",
    rpc: `${INFOS}/ListMissionIds`,
    responseBody: "values",
    summary: "All mission ids, sorted",
  },
  {
    method: "GET",
    path: "/v1/videoreferences/videoreference/{video_reference_uuid}",
    rpc: `${INFOS}/GetVideoReferenceInfoByVideoReference`,
    summary: "The information of a video reference",
  },
  {
    method: "GET",
    path: "/v1/videoreferences/videoreferences",
    rpc: `${INFOS}/ListVideoReferenceInfoVideoReferenceUuids`,
    responseBody: "uuids",
    summary: "UUIDs of the video references that have information",
  },
  {
    method: "GET",
    path: "/v1/videoreferences/{uuid}",
    rpc: `${INFOS}/GetVideoReferenceInfo`,
    summary: "One video reference information record",
  },
  {
    method: "PUT",
    path: "/v1/videoreferences/{uuid}",
    rpc: `${INFOS}/UpdateVideoReferenceInfo`,
    body: "*",
    summary: "Update a video reference information record (only the fields present)",
  },
  {
    method: "DELETE",
    path: "/v1/videoreferences/{uuid}",
    rpc: `${INFOS}/DeleteVideoReferenceInfo`,
    successStatus: 204,
    summary: "Delete a video reference information record",
  },
  {
    method: "GET",
    path: "/v1/videoreferences",
    rpc: `${INFOS}/ListVideoReferenceInfos`,
    responseBody: "video_reference_infos",
    query: PAGE,
    summary: "A page of video reference information, ordered by UUID",
  },
  {
    method: "POST",
    path: "/v1/videoreferences",
    rpc: `${INFOS}/CreateVideoReferenceInfo`,
    body: "*",
    summary: "Create the information record of a video reference (one per video reference)",
  },
];

const indexRoutes: RouteSpec[] = [
  {
    method: "GET",
    path: "/v1/index/videoreference/{video_reference_uuid}",
    rpc: `${INDICES}/ListIndicesByVideoReference`,
    responseBody: "indices",
    query: PAGE,
    summary: "A page of a video reference's time indices, ordered by imaged-moment UUID",
  },
  {
    method: "PUT",
    path: "/v1/index/tapetime",
    rpc: `${INDICES}/UpdateIndexRecordedTimestamps`,
    body: "indices",
    bodyEncodings: ["json"],
    responseBody: "indices",
    summary: "Set the recorded timestamps of many imaged moments; returns the ones changed",
  },
];

/** Token exchange, health, annotations, video reference information and time indices. */
export const annotationAnnotationsRoutes: RouteSpec[] = [
  ...commonRoutes(),
  ...annotationRoutes,
  ...videoReferenceInfoRoutes,
  ...indexRoutes,
];
