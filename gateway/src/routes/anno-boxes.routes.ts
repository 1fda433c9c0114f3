import type { RouteSpec } from "../engine/route-spec.js";

const BOXES = "m3.annotation.v1.BoxService";

/** The .proto files of the box routes. */
export const ANNO_BOXES_PROTO_FILES = ["m3/annotation/v1/box_service.proto"] as const;

/** A review action over many boxes: one request, one transaction, undone by its uuid. */
function reviewRoute(action: string, rpc: string, summary: string): RouteSpec {
  return {
    method: "POST",
    path: `/v1/boxes/${action}`,
    rpc: `${BOXES}/${rpc}`,
    body: "*",
    bodyEncodings: ["json"],
    strictStrings: true,
    summary,
  };
}

/** Bounding boxes (m3's own): queried through the box index, reviewed many at a time. */
export const annotationBoxesRoutes: RouteSpec[] = [
  {
    method: "GET",
    path: "/v1/boxes",
    rpc: `${BOXES}/ListBoxes`,
    responseBody: "boxes",
    query: [
      "concept",
      "descendants",
      "video_reference_uuid",
      "dive",
      "verified",
      "generator",
      "limit",
      "offset",
    ],
    summary:
      "Boxes (`bounding box` associations) by concept (repeatable; descendants=true adds their descendants from the kb), video reference, dive, verified or not and generator, with their image URL; limit (default 1,000, at most 10,000), offset",
  },
  reviewRoute(
    "relabel",
    "RelabelBoxes",
    "Sets the concept of the observations of the boxes (association_uuids); answers the action, undone by its uuid",
  ),
  reviewRoute("verify", "VerifyBoxes", "Marks the boxes (association_uuids) verified by the signed-in user"),
  reviewRoute("delete", "DeleteBoxes", "Deletes the boxes' associations (association_uuids)"),
  {
    method: "POST",
    path: "/v1/boxes/actions/{uuid}/undo",
    rpc: `${BOXES}/UndoBoxReviewAction`,
    summary: "Undoes a review action of the last day, once",
  },
];
