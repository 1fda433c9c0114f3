import { TabularQueryServiceService } from "../../../../proto/gen/m3/annotation/v1/tabular_query_service.js";
import { declareAccess } from "../../../kit/grpc/method-access.js";

/** Every tabular query is a read: open, as in the legacy service. */
export const TABULAR_QUERY_ACCESS = declareAccess(TabularQueryServiceService, {
  listQueryColumns: "none",
  runQuery: "none",
  downloadQuery: "none",
  countQuery: "none",
});
