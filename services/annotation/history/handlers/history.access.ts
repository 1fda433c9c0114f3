import { HistoryServiceService } from "../../../../proto/gen/m3/annotation/v1/history_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** Open, as every other annotation read. */
export const HISTORY_ACCESS = declareAccess(HistoryServiceService, {
  getObservationHistory: "none",
});
