import type { RouteSpec } from "../engine/route-spec.js";

const OBSERVATIONS = "m3.annotation.v1.ObservationService";
const ASSOCIATIONS = "m3.annotation.v1.AssociationService";
const HISTORY = "m3.annotation.v1.HistoryService";

/** The observations part of the annotation service: /v1/observations and /v1/associations. */
export const ANNO_OBSERVATIONS_PROTO_FILES: readonly string[] = [
  "m3/annotation/v1/observation_service.proto",
  "m3/annotation/v1/association_service.proto",
  "m3/annotation/v1/history_service.proto",
];

const observationRoutes: RouteSpec[] = [
  {
    method: "GET",
    path: "/v1/observations/activities",
    rpc: `${OBSERVATIONS}/ListActivities`,
    responseBody: "values",
    summary: "All activities, distinct and sorted",
  },
  {
    method: "PUT",
    path: "/v1/observations/bulk",
    rpc: `${OBSERVATIONS}/UpdateObservations`,
    body: "*",
    bodyEncodings: ["json"],
    summary: "Set concept, observer, activity and/or group on many observations; count = observations found",
  },
  {
    method: "GET",
    path: "/v1/observations/association/{association_uuid}",
    rpc: `${OBSERVATIONS}/GetObservationByAssociation`,
    summary: "The observation that owns an association",
  },
  {
    method: "GET",
    path: "/v1/observations/concept/count/{concept}",
    rpc: `${OBSERVATIONS}/CountObservationsByConcept`,
    summary: "Number of observations of a concept",
  },
  {
    method: "GET",
    path: "/v1/observations/concept/images/count/{concept}",
    rpc: `${OBSERVATIONS}/CountImagedObservationsByConcept`,
    summary: "Number of observations of a concept whose imaged moment has an image",
  },
  {
    method: "PUT",
    path: "/v1/observations/concept/rename",
    rpc: `${OBSERVATIONS}/RenameObservationConcept`,
    body: "*",
    summary: "Rename a concept on every observation (body old, new)",
  },
  {
    method: "GET",
    path: "/v1/observations/concepts/{video_reference_uuid}",
    rpc: `${OBSERVATIONS}/ListConceptsByVideoReference`,
    responseBody: "values",
    summary: "Concepts observed in a video reference, distinct and sorted",
  },
  {
    method: "GET",
    path: "/v1/observations/concepts",
    rpc: `${OBSERVATIONS}/ListConcepts`,
    responseBody: "values",
    summary: "All observed concepts, distinct and sorted",
  },
  {
    method: "GET",
    path: "/v1/observations/counts",
    rpc: `${OBSERVATIONS}/ListObservationCounts`,
    responseBody: "counts",
    summary: "Number of observations per video reference",
  },
  {
    method: "PUT",
    path: "/v1/observations/delete/duration/{uuid}",
    rpc: `${OBSERVATIONS}/DeleteObservationDuration`,
    summary: "Remove the duration of an observation",
  },
  {
    method: "POST",
    path: "/v1/observations/delete",
    rpc: `${OBSERVATIONS}/DeleteObservations`,
    body: "uuids",
    bodyEncodings: ["json"],
    successStatus: 204,
    summary: "Delete the observations of a JSON array of UUIDs (unknown ones are ignored)",
  },
  {
    method: "GET",
    path: "/v1/observations/groups",
    rpc: `${OBSERVATIONS}/ListGroups`,
    responseBody: "values",
    summary: "All observation groups, distinct and sorted",
  },
  {
    method: "GET",
    path: "/v1/observations/videoreference/count/{video_reference_uuid}",
    rpc: `${OBSERVATIONS}/CountObservationsByVideoReference`,
    query: ["start", "end"],
    summary: "Number of observations of a video reference; with start and end, only those recorded between",
  },
  {
    method: "GET",
    path: "/v1/observations/videoreference/{video_reference_uuid}",
    rpc: `${OBSERVATIONS}/ListObservationsByVideoReference`,
    responseBody: "observations",
    query: ["limit", "offset"],
    summary: "Observations of a video reference, ordered by UUID",
  },
  {
    method: "GET",
    path: "/v1/observations/{uuid}",
    rpc: `${OBSERVATIONS}/GetObservation`,
    summary: "One observation with its associations",
  },
  {
    method: "PUT",
    path: "/v1/observations/{uuid}",
    rpc: `${OBSERVATIONS}/UpdateObservation`,
    body: "*",
    summary: "Update an observation (fields present; observation_timestamp becomes now when absent)",
  },
  {
    method: "DELETE",
    path: "/v1/observations/{uuid}",
    rpc: `${OBSERVATIONS}/DeleteObservation`,
    successStatus: 204,
    summary: "Delete an observation (and its imaged moment when left empty)",
  },
  {
    method: "GET",
    path: "/v1/observations/{uuid}/history",
    rpc: `${HISTORY}/GetObservationHistory`,
    render: "http-body",
    summary:
      "Every change of the observation, its associations and its imaged moments' image references and ancillary data, oldest first (JSON: who, when, before, after)",
  },
];

const associationRoutes: RouteSpec[] = [
  {
    method: "POST",
    path: "/v1/associations/delete",
    rpc: `${ASSOCIATIONS}/DeleteAssociations`,
    body: "uuids",
    bodyEncodings: ["json"],
    successStatus: 204,
    summary: "Delete the associations of a JSON array of UUIDs (unknown ones are ignored)",
  },
  {
    method: "PUT",
    path: "/v1/associations/bulk",
    rpc: `${ASSOCIATIONS}/UpdateAssociations`,
    body: "associations",
    bodyEncodings: ["json"],
    responseBody: "associations",
    summary: "Overwrite link_name, to_concept, link_value (and mime_type when given) of many associations",
  },
  {
    method: "POST",
    path: "/v1/associations/conceptassociations",
    rpc: `${ASSOCIATIONS}/ListConceptAssociations`,
    body: "*",
    bodyEncodings: ["json"],
    summary: "Associations with a link name in some video references, each with its observation's concept",
  },
  {
    method: "GET",
    path: "/v1/associations/toconcept/count/{concept}",
    rpc: `${ASSOCIATIONS}/CountAssociationsByToConcept`,
    summary: "Number of associations pointing to a concept",
  },
  {
    method: "PUT",
    path: "/v1/associations/toconcept/rename",
    rpc: `${ASSOCIATIONS}/RenameToConcept`,
    body: "*",
    summary: "Rename a to-concept on every association (body old, new)",
  },
  {
    method: "GET",
    path: "/v1/associations/{video_reference_uuid}/{link_name}",
    rpc: `${ASSOCIATIONS}/ListAssociationsByVideoReferenceAndLinkName`,
    responseBody: "associations",
    query: ["concept"],
    summary:
      "Associations with a link name in a video reference (optionally only on observations of a concept)",
  },
  {
    method: "GET",
    path: "/v1/associations/{uuid}",
    rpc: `${ASSOCIATIONS}/GetAssociation`,
    summary: "One association with its observation and imaged moment UUIDs",
  },
  {
    method: "PUT",
    path: "/v1/associations/{uuid}",
    rpc: `${ASSOCIATIONS}/UpdateAssociation`,
    body: "*",
    summary: "Update an association (fields present); observation_uuid moves it",
  },
  {
    method: "DELETE",
    path: "/v1/associations/{uuid}",
    rpc: `${ASSOCIATIONS}/DeleteAssociation`,
    successStatus: 204,
    summary: "Delete an association",
  },
  {
    method: "POST",
    path: "/v1/associations",
    rpc: `${ASSOCIATIONS}/CreateAssociation`,
    body: "*",
    summary: "Add an association to an observation (mime_type defaults to text/plain)",
  },
];

export const annotationObservationsRoutes: RouteSpec[] = [...observationRoutes, ...associationRoutes];
