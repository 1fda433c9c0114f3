import { AUTH_SERVICE_ACCESS } from "../auth/auth-service.access.js";
import { HEALTH_STATUS_ACCESS } from "../auth/health-status.access.js";
import { METRICS_ACCESS } from "../metrics/metrics.access.js";

/** The access of the services startDomain serves beside every domain's own (token exchange, health, metrics). */
export const COMMON_ACCESS = [AUTH_SERVICE_ACCESS, HEALTH_STATUS_ACCESS, METRICS_ACCESS] as const;
