/** The operator's own metrics, in the process's one registry (served at /metrics). */
import { Counter, Gauge, Histogram } from "prom-client";
import { metricsRegistry } from "../../kit/metrics/metrics-registry.js";

export const reconcilesTotal = new Counter({
  name: "m3_operator_reconciles_total",
  help: "Reconciles of M3Platform resources, by outcome (success or error).",
  labelNames: ["outcome"],
  registers: [metricsRegistry],
});

export const reconcileSeconds = new Histogram({
  name: "m3_operator_reconcile_duration_seconds",
  help: "The time one reconcile of an M3Platform took.",
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const isLeader = new Gauge({
  name: "m3_operator_leader",
  help: "1 while this operator instance holds the leader Lease and acts, else 0.",
  registers: [metricsRegistry],
});

export const queueDepth = new Gauge({
  name: "m3_operator_queue_depth",
  help: "Platform keys waiting in the work queue.",
  registers: [metricsRegistry],
});
