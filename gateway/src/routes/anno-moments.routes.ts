import type { RouteSpec } from "../engine/route-spec.js";

const MOMENTS = "m3.annotation.v1.ImagedMomentService";
const IMAGES = "m3.annotation.v1.ImageService";
const DATA = "m3.annotation.v1.AncillaryDataService";
const PAGE = ["limit", "offset"] as const;

/** The protos of the moments part. */
export const ANNO_MOMENTS_PROTO_FILES: readonly string[] = [
  "m3/annotation/v1/imaged_moment_service.proto",
  "m3/annotation/v1/image_service.proto",
  "m3/annotation/v1/ancillary_data_service.proto",
];

function list(path: string, rpc: string, summary: string, paged = true): RouteSpec {
  return {
    method: "GET",
    path,
    rpc: `${MOMENTS}/${rpc}`,
    responseBody: "imaged_moments",
    ...(paged ? { query: PAGE } : {}),
    summary,
  };
}

function get(path: string, rpc: string, summary: string): RouteSpec {
  return { method: "GET", path, rpc, summary };
}

const imagedMomentRoutes: RouteSpec[] = [
  get(
    "/v1/imagedmoments/concept/count/{concept}",
    `${MOMENTS}/CountImagedMomentsByConcept`,
    "Number of observations of a concept",
  ),
  get(
    "/v1/imagedmoments/concept/images/count/{concept}",
    `${MOMENTS}/CountImagedMomentsByConceptWithImages`,
    "Number of imaged moments with an observation of a concept and an image",
  ),
  list(
    "/v1/imagedmoments/concept/images/{concept}",
    "ListImagedMomentsByConceptWithImages",
    "Imaged moments with an observation of a concept and an image",
  ),
  list(
    "/v1/imagedmoments/concept/{concept}",
    "ListImagedMomentsByConcept",
    "Imaged moments with an observation of a concept",
  ),
  get(
    "/v1/imagedmoments/count/linkname/{link_name}",
    `${MOMENTS}/CountImagedMomentsByLinkName`,
    "Number of imaged moments with an association of a link name",
  ),
  get(
    "/v1/imagedmoments/count/images/{video_reference_uuid}",
    `${MOMENTS}/CountImagedMomentsWithImagesByVideoReference`,
    "Number of a video's imaged moments that have an image",
  ),
  get(
    "/v1/imagedmoments/count/images",
    `${MOMENTS}/CountImagedMomentsWithImages`,
    "Number of imaged moments that have an image",
  ),
  get("/v1/imagedmoments/count/all", `${MOMENTS}/CountImagedMoments`, "Number of imaged moments"),
  {
    method: "GET",
    path: "/v1/imagedmoments/counts",
    rpc: `${MOMENTS}/ListImagedMomentCounts`,
    responseBody: "counts",
    summary: "Number of imaged moments per video",
  },
  list(
    "/v1/imagedmoments/find/linkname/{link_name}",
    "ListImagedMomentsByLinkName",
    "Imaged moments with an association of a link name",
  ),
  list("/v1/imagedmoments/find/images", "ListImagedMomentsWithImages", "Imaged moments that have an image"),
  get(
    "/v1/imagedmoments/imagereference/{image_reference_uuid}",
    `${MOMENTS}/GetImagedMomentByImageReference`,
    "The imaged moment of an image reference",
  ),
  {
    method: "PUT",
    path: "/v1/imagedmoments/bulk/move",
    rpc: `${MOMENTS}/MoveImagedMoments`,
    body: "*",
    bodyEncodings: ["json"],
    summary: "Move imaged moments to another video (snake_case or camelCase body)",
  },
  get(
    "/v1/imagedmoments/modified/count/{start_timestamp}/{end_timestamp}",
    `${MOMENTS}/CountModifiedImagedMoments`,
    "Number of imaged moments changed (or with an observation changed) between two instants",
  ),
  list(
    "/v1/imagedmoments/modified/{start_timestamp}/{end_timestamp}",
    "ListModifiedImagedMoments",
    "Imaged moments changed (or with an observation changed) between two instants",
  ),
  {
    method: "PUT",
    path: "/v1/imagedmoments/newtime/{video_reference_uuid}/{timestamp}",
    rpc: `${MOMENTS}/UpdateRecordedTimestamps`,
    responseBody: "imaged_moments",
    summary: "Recompute a video's recorded timestamps as start + elapsed time",
  },
  get(
    "/v1/imagedmoments/observation/{observation_uuid}",
    `${MOMENTS}/GetImagedMomentByObservation`,
    "The imaged moment of an observation",
  ),
  {
    method: "PUT",
    path: "/v1/imagedmoments/tapetime",
    rpc: `${MOMENTS}/UpdateTapeTimes`,
    body: "annotations",
    bodyEncodings: ["json"],
    summary: "Set the recorded timestamp of the imaged moments of the annotations' observations",
  },
  get(
    "/v1/imagedmoments/videoreference/modified/{video_reference_uuid}/{timestamp}",
    `${MOMENTS}/CountImagedMomentsModifiedBefore`,
    "Number of a video's imaged moments last changed before an instant",
  ),
  list(
    "/v1/imagedmoments/videoreference/{video_reference_uuid}",
    "ListImagedMomentsByVideoReference",
    "Every imaged moment of a video",
    false,
  ),
  {
    method: "DELETE",
    path: "/v1/imagedmoments/videoreference/{video_reference_uuid}",
    rpc: `${MOMENTS}/DeleteImagedMomentsByVideoReference`,
    summary: "Delete every imaged moment of a video (with observations, images and data)",
  },
  {
    method: "GET",
    path: "/v1/imagedmoments/videoreference",
    rpc: `${MOMENTS}/ListVideoReferenceUuids`,
    responseBody: "uuids",
    summary: "UUIDs of the videos that have imaged moments",
  },
  {
    method: "POST",
    path: "/v1/imagedmoments/windowrequest",
    rpc: `${MOMENTS}/ListImagedMomentsInWindow`,
    body: "*",
    bodyEncodings: ["json"],
    responseBody: "imaged_moments",
    query: PAGE,
    summary: "Imaged moments of some videos recorded within a window around an imaged moment",
  },
  get("/v1/imagedmoments/{uuid}", `${MOMENTS}/GetImagedMoment`, "One imaged moment"),
  {
    method: "PUT",
    path: "/v1/imagedmoments/{uuid}",
    rpc: `${MOMENTS}/UpdateImagedMoment`,
    body: "*",
    summary: "Set an imaged moment's indices in place",
  },
  {
    method: "DELETE",
    path: "/v1/imagedmoments/{uuid}",
    rpc: `${MOMENTS}/DeleteImagedMoment`,
    successStatus: 204,
    summary: "Delete an imaged moment with its observations, images and data",
  },
  list("/v1/imagedmoments", "ListImagedMoments", "A page of imaged moments"),
];

const imageRoutes: RouteSpec[] = [
  {
    method: "GET",
    path: "/v1/images/name/{name}",
    rpc: `${IMAGES}/ListImagesByName`,
    responseBody: "images",
    summary: "Images whose URL contains the name",
  },
  get("/v1/images/url/{url}", `${IMAGES}/GetImageByUrl`, "The image at a URL (one percent-encoded segment)"),
  {
    method: "GET",
    path: "/v1/images/videoreference/{video_reference_uuid}",
    rpc: `${IMAGES}/ListImagesByVideoReference`,
    responseBody: "images",
    summary: "Images of a video",
  },
  get("/v1/images/{image_reference_uuid}", `${IMAGES}/GetImage`, "One image"),
  {
    method: "PUT",
    path: "/v1/images/{image_reference_uuid}",
    rpc: `${IMAGES}/UpdateImage`,
    body: "*",
    summary: "Change an image; new indices or video move it to another imaged moment",
  },
  {
    method: "POST",
    path: "/v1/images",
    rpc: `${IMAGES}/CreateImage`,
    body: "*",
    summary: "Attach an image to the imaged moment found or created from the indices",
  },
  get("/v1/imagereferences/{uuid}", `${IMAGES}/GetImageReference`, "One image reference"),
  {
    method: "PUT",
    path: "/v1/imagereferences/{uuid}",
    rpc: `${IMAGES}/UpdateImageReference`,
    body: "*",
    summary: "Change an image reference; imaged_moment_uuid moves it",
  },
  {
    method: "DELETE",
    path: "/v1/imagereferences/{uuid}",
    rpc: `${IMAGES}/DeleteImageReference`,
    successStatus: 204,
    summary: "Delete an image reference (and its imaged moment when left empty)",
  },
];

const ancillaryDataRoutes: RouteSpec[] = [
  {
    method: "POST",
    path: "/v1/ancillarydata/bulk",
    rpc: `${DATA}/CreateAncillaryData`,
    body: "data",
    bodyEncodings: ["json"],
    responseBody: "data",
    summary: "Create or update (field by field) the ancillary data of many imaged moments",
  },
  get(
    "/v1/ancillarydata/imagedmoment/{imaged_moment_uuid}",
    `${DATA}/GetAncillaryDatumByImagedMoment`,
    "The ancillary data of an imaged moment",
  ),
  {
    method: "PUT",
    path: "/v1/ancillarydata/merge/{video_reference_uuid}",
    rpc: `${DATA}/MergeAncillaryData`,
    body: "data",
    bodyEncodings: ["json"],
    responseBody: "data",
    query: ["window"],
    summary: "Match data to a video's imaged moments by nearest recorded timestamp (window in ms)",
  },
  get(
    "/v1/ancillarydata/observation/{observation_uuid}",
    `${DATA}/GetAncillaryDatumByObservation`,
    "The ancillary data of an observation's imaged moment",
  ),
  {
    method: "GET",
    path: "/v1/ancillarydata/videoreference/{video_reference_uuid}",
    rpc: `${DATA}/ListAncillaryDataByVideoReference`,
    responseBody: "data",
    summary: "The ancillary data of a video's imaged moments",
  },
  {
    method: "DELETE",
    path: "/v1/ancillarydata/videoreference/{video_reference_uuid}",
    rpc: `${DATA}/DeleteAncillaryDataByVideoReference`,
    summary: "Delete the ancillary data of a video's imaged moments",
  },
  get("/v1/ancillarydata/{uuid}", `${DATA}/GetAncillaryDatum`, "One ancillary datum"),
  {
    method: "PUT",
    path: "/v1/ancillarydata/{uuid}",
    rpc: `${DATA}/UpdateAncillaryDatum`,
    body: "datum",
    summary: "Replace every measurement of an ancillary datum",
  },
  {
    method: "POST",
    path: "/v1/ancillarydata",
    rpc: `${DATA}/CreateAncillaryDatum`,
    body: "datum",
    summary: "Create the ancillary data of an imaged moment",
  },
];

/** The moments part: /v1/imagedmoments, /v1/images, /v1/imagereferences and /v1/ancillarydata. */
export const annotationMomentsRoutes: RouteSpec[] = [
  ...imagedMomentRoutes,
  ...imageRoutes,
  ...ancillaryDataRoutes,
];
