import { Histogram } from "prom-client";
import { metricsRegistry } from "../../../services/kit/metrics/metrics-registry.js";

const REQUEST_DURATION = "http_request_duration_seconds";

/**
 * The gateway's request duration histogram, in the process's one Prometheus registry (so
 * the all-in-one `/metrics` also shows the domains' gRPC metrics). Several gateways in one
 * process (tests) share the histogram.
 */
export class GatewayMetrics {
  readonly registry = metricsRegistry;
  private readonly requestDuration: Histogram<"method" | "route" | "status">;

  constructor() {
    this.requestDuration =
      (metricsRegistry.getSingleMetric(REQUEST_DURATION) as
        | Histogram<"method" | "route" | "status">
        | undefined) ??
      new Histogram({
        name: REQUEST_DURATION,
        help: "Duration of HTTP requests by method, route template and status",
        labelNames: ["method", "route", "status"],
        registers: [metricsRegistry],
      });
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requestDuration.observe({ method, route, status: String(status) }, seconds);
  }
}
