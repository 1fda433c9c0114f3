import { HealthStatusServiceService } from "../../../proto/gen/m3/common/v1/health.js";
import { declareAccess } from "../grpc/method-access.js";

/** The legacy health record is open to all. */
export const HEALTH_STATUS_ACCESS = declareAccess(HealthStatusServiceService, {
  getHealthStatus: "none",
});
