import type { RouteSpec } from "../engine/route-spec.js";

const HISTORY = "m3.kb.v1.HistoryService";
const PAGE = ["limit", "offset", "sort"] as const;

/** The .proto file behind the kb's history routes. */
export const KB_HISTORY_PROTO_FILES = ["m3/kb/v1/history_service.proto"] as const;

/** The history of kb changes and their approval (kb.routes.ts adds them to the kb table). */
export const kbHistoryRoutes: RouteSpec[] = [
  {
    method: "GET",
    path: "/v1/history/pending",
    rpc: `${HISTORY}/ListPendingHistories`,
    query: PAGE,
    summary:
      "A page of the changes awaiting approval; sort is `field[,asc|desc]` (default creationTimestamp)",
  },
  {
    method: "GET",
    path: "/v1/history/pending/count",
    rpc: `${HISTORY}/CountPendingHistories`,
    summary: "The number of changes awaiting approval",
  },
  {
    method: "GET",
    path: "/v1/history/approved",
    rpc: `${HISTORY}/ListApprovedHistories`,
    query: PAGE,
    summary: "A page of the approved changes; sort is `field[,asc|desc]` (default creationTimestamp)",
  },
  {
    method: "GET",
    path: "/v1/history/approved/count",
    rpc: `${HISTORY}/CountApprovedHistories`,
    summary: "The number of approved changes",
  },
  {
    method: "GET",
    path: "/v1/history/concept/{name}",
    rpc: `${HISTORY}/ListConceptHistories`,
    responseBody: "histories",
    summary: "Every change of the concept owning a name, oldest first ([] for unknown names)",
  },
  {
    method: "GET",
    path: "/v1/history/{id}",
    rpc: `${HISTORY}/GetHistory`,
    summary: "One history record",
  },
  {
    method: "DELETE",
    path: "/v1/history/{id}",
    rpc: `${HISTORY}/DeleteHistory`,
    summary: "Delete a history record (Admin only)",
  },
  {
    method: "PUT",
    path: "/v1/history/approve/{id}",
    rpc: `${HISTORY}/ApproveHistory`,
    summary: "Approve a pending change (Admin only); a deferred delete is carried out",
  },
  {
    method: "PUT",
    path: "/v1/history/reject/{id}",
    rpc: `${HISTORY}/RejectHistory`,
    summary: "Reject a pending change, reverting it (Admin only)",
  },
];
