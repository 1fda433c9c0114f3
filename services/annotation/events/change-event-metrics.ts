import { Counter } from "prom-client";
import { metricsRegistry } from "../../kit/metrics/metrics-registry.js";
import { CHANGE_ACTIONS, CHANGE_DATA_TYPES, type ChangeEvent } from "./change-event.js";

/** Who follows the changes in the annotation process: the gateways' gRPC watches, NATS, ZeroMQ. */
export type ChangeWatcher = "grpc" | "nats" | "zeromq";

const published = new Counter<"action" | "data_type">({
  name: "m3_change_events_total",
  help: "Annotation changes published after their commit, by action and kind of record.",
  labelNames: ["action", "data_type"],
  registers: [metricsRegistry],
});
const cutOff = new Counter<"watcher">({
  name: "m3_change_event_watchers_cut_off_total",
  help: "Watchers of the annotation changes disconnected (or, for NATS and ZeroMQ, that dropped changes) because they fell too far behind.",
  labelNames: ["watcher"],
  registers: [metricsRegistry],
});

// Every series from the start, so rates and increases see the first of each.
for (const action of CHANGE_ACTIONS) {
  for (const dataType of CHANGE_DATA_TYPES) published.inc({ action, data_type: dataType }, 0);
}
for (const watcher of ["grpc", "nats", "zeromq"]) cutOff.inc({ watcher }, 0);

export function recordPublished(changes: readonly ChangeEvent[]): void {
  for (const change of changes) published.inc({ action: change.action, data_type: change.dataType });
}

export function recordCutOff(watcher: ChangeWatcher): void {
  cutOff.inc({ watcher });
}
