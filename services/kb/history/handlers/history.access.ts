import { HistoryServiceService } from "../../../../proto/gen/m3/kb/v1/history_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** Reads the spec leaves open; the page lists and the pending count need a JWT. */
export const HISTORY_ACCESS = declareAccess(HistoryServiceService, {
  listPendingHistories: "jwt",
  countPendingHistories: "jwt",
  listApprovedHistories: "jwt",
  countApprovedHistories: "none",
  listConceptHistories: "none",
  getHistory: "none",
  deleteHistory: "jwt",
  approveHistory: "jwt",
  rejectHistory: "jwt",
});
