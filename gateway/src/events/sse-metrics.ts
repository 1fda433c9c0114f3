import { Counter, Gauge } from "prom-client";
import { metricsRegistry } from "../../../services/kit/metrics/metrics-registry.js";

const clients = new Gauge({
  name: "m3_sse_clients",
  help: "Clients connected to the annotation change events (GET /anno/v1/events).",
  registers: [metricsRegistry],
});
const cutOff = new Counter({
  name: "m3_sse_clients_cut_off_total",
  help: "Change event clients disconnected because they fell too far behind.",
  registers: [metricsRegistry],
});

export function sseClientConnected(): void {
  clients.inc();
}

export function sseClientGone(tooSlow: boolean): void {
  clients.dec();
  if (tooSlow) cutOff.inc();
}
