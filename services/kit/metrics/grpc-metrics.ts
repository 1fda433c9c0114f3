import { type CounterSeries, KeptSeriesCounter, KeptSeriesHistogram } from "./kept-series.js";
import { metricsRegistry } from "./metrics-registry.js";

// Names and labels follow go-grpc-prometheus, so the usual dashboards work unchanged.
const handledTotal = new KeptSeriesCounter({
  name: "grpc_server_handled_total",
  help: "RPCs completed on the server, by status code.",
  labelNames: ["grpc_service", "grpc_method", "grpc_code"],
  registry: metricsRegistry,
});

const handlingSeconds = new KeptSeriesHistogram({
  name: "grpc_server_handling_seconds",
  help: "Time the server took to handle an RPC, in seconds.",
  labelNames: ["grpc_service", "grpc_method"],
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registry: metricsRegistry,
});

/** Records a completed call: its status name (e.g. "OK", "NOT_FOUND") and how long it took. */
export type GrpcCallRecorder = (code: string, seconds: number) => void;

/** The recorder of one method's calls: its series are found once, each status code's at its first call. */
export function grpcCallRecorder(names: { service: string; method: string }): GrpcCallRecorder {
  const labels = { grpc_service: names.service, grpc_method: names.method };
  const duration = handlingSeconds.series(labels);
  const handled = new Map<string, CounterSeries>();
  return (code, seconds) => {
    let counter = handled.get(code);
    if (!counter) {
      counter = handledTotal.series({ ...labels, grpc_code: code });
      handled.set(code, counter);
    }
    counter.inc();
    duration.observe(seconds);
  };
}
