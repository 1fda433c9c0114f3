import { Counter, Histogram } from "prom-client";
import { metricsRegistry } from "./metrics-registry.js";

// Names and labels follow go-grpc-prometheus, so the usual dashboards work unchanged.
const handledTotal = new Counter({
  name: "grpc_server_handled_total",
  help: "RPCs completed on the server, by status code.",
  labelNames: ["grpc_service", "grpc_method", "grpc_code"] as const,
  registers: [metricsRegistry],
});

const handlingSeconds = new Histogram({
  name: "grpc_server_handling_seconds",
  help: "Time the server took to handle an RPC, in seconds.",
  labelNames: ["grpc_service", "grpc_method"] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export interface HandledCall {
  service: string;
  method: string;
  /** The status name, e.g. "OK" or "NOT_FOUND". */
  code: string;
  seconds: number;
}

export function recordGrpcCall(call: HandledCall): void {
  handledTotal.inc({ grpc_service: call.service, grpc_method: call.method, grpc_code: call.code });
  handlingSeconds.observe({ grpc_service: call.service, grpc_method: call.method }, call.seconds);
}
