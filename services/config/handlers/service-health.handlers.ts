import type { ServiceHealthServiceService } from "../../../proto/gen/m3/config/v1/service_health_service.js";
import type { UnaryHandlers } from "../../kit/grpc/bind-service.js";
import type { ServiceHealthService } from "../health/service-health.service.js";

export function serviceHealthHandlers(
  health: ServiceHealthService,
): UnaryHandlers<typeof ServiceHealthServiceService> {
  return {
    listExpectedServices: async () => ({ services: health.expected() }),
    listAvailableServices: async () => ({ services: await health.available() }),
    listServiceStatuses: async () => ({ services: await health.statuses() }),
  };
}
