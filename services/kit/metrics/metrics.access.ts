import { MetricsServiceService } from "../../../proto/gen/m3/common/v1/metrics.js";
import { declareAccess } from "../grpc/method-access.js";

/** The metrics are open to all, as the legacy metrics routes were. */
export const METRICS_ACCESS = declareAccess(MetricsServiceService, {
  getMetrics: "none",
});
