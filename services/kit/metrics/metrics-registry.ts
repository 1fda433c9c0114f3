import { collectDefaultMetrics, Registry } from "prom-client";

/** The one registry of the process: every domain and the gateway register here, `/metrics` prints it. */
export const metricsRegistry = new Registry();

collectDefaultMetrics({ register: metricsRegistry });

/** The Prometheus text exposition of every metric in the registry. */
export function metricsText(): Promise<string> {
  return metricsRegistry.metrics();
}

/** The Content-Type to serve `metricsText()` with. */
export const metricsContentType = metricsRegistry.contentType;
