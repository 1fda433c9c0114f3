import type { HistogramSeries } from "../../../services/kit/metrics/kept-series.js";
import { KeptSeriesHistogram } from "../../../services/kit/metrics/kept-series.js";
import { metricsRegistry } from "../../../services/kit/metrics/metrics-registry.js";

const REQUEST_DURATION = "http_request_duration_seconds";
/** prom-client's default buckets, which the dashboards and alerts were written against. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The gateway's request duration histogram, in the process's one Prometheus registry (so
 * the all-in-one `/metrics` also shows the domains' gRPC metrics). Several gateways in one
 * process (tests) share the histogram. Each route's series is found once per method and status
 * (routes are templates, so there are few).
 */
export class GatewayMetrics {
  readonly registry = metricsRegistry;
  private readonly requestDuration: KeptSeriesHistogram<"method" | "route" | "status">;
  private readonly series = new Map<string, HistogramSeries>();

  constructor() {
    this.requestDuration =
      (metricsRegistry.getSingleMetric(REQUEST_DURATION) as unknown as
        | KeptSeriesHistogram<"method" | "route" | "status">
        | undefined) ??
      new KeptSeriesHistogram({
        name: REQUEST_DURATION,
        help: "Duration of HTTP requests by method, route template and status",
        labelNames: ["method", "route", "status"],
        buckets: DURATION_BUCKETS,
        registry: metricsRegistry,
      });
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.series.get(key);
    if (!series) {
      series = this.requestDuration.series({ method, route, status: String(status) });
      this.series.set(key, series);
    }
    series.observe(seconds);
  }
}
