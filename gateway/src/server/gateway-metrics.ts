import { collectDefaultMetrics, Histogram, Registry } from "prom-client";

/** The gateway's Prometheus registry: process metrics and the request duration histogram. */
export class GatewayMetrics {
  readonly registry = new Registry();
  private readonly requestDuration: Histogram<"method" | "route" | "status">;

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    this.requestDuration = new Histogram({
      name: "http_request_duration_seconds",
      help: "Duration of HTTP requests by method, route template and status",
      labelNames: ["method", "route", "status"],
      registers: [this.registry],
    });
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requestDuration.observe({ method, route, status: String(status) }, seconds);
  }
}
