import { ServiceHealthServiceService } from "../../../proto/gen/m3/config/v1/service_health_service.js";
import { declareAccess } from "../../kit/grpc/method-access.js";

/** The services' health is open to all. */
export const SERVICE_HEALTH_ACCESS = declareAccess(ServiceHealthServiceService, {
  listExpectedServices: "none",
  listAvailableServices: "none",
  listServiceStatuses: "none",
});
