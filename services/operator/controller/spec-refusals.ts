/**
 * What the schema accepts but the operator will not do, each said in the Degraded condition
 * (reason ApplyFailed) while the rest of the platform is applied.
 */
import type { M3Platform } from "../api/m3platform-schema.js";
import { serviceMonitorElsewhere } from "../builders/gateway-exposure.js";

export function specRefusals(platform: M3Platform): string[] {
  const refusals: string[] = [];
  const elsewhere = serviceMonitorElsewhere(platform);
  if (elsewhere !== undefined) {
    const own = platform.metadata.namespace;
    refusals.push(
      `spec.monitoring.serviceMonitor.namespace ${elsewhere} refused: the operator writes only in ${own}, and an object in another namespace cannot be owned by the platform; leave it unset and let Prometheus select ${own}'s ServiceMonitors (serviceMonitorNamespaceSelector)`,
    );
  }
  return refusals;
}
