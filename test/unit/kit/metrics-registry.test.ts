import test from "ava";
import { Counter } from "prom-client";
import {
  metricsContentType,
  metricsRegistry,
  metricsText,
} from "../../../services/kit/metrics/metrics-registry.js";

test("the shared registry exposes the default process metrics as Prometheus text", async (t) => {
  const text = await metricsText();
  t.regex(text, /^# HELP process_cpu_user_seconds_total/m);
  t.regex(text, /^nodejs_heap_size_used_bytes \d+/m);
  t.regex(metricsContentType, /^text\/plain/);
});

test("metrics registered on the shared registry appear in the text", async (t) => {
  const counter = new Counter({
    name: "probe_events_total",
    help: "Probe events.",
    registers: [metricsRegistry],
  });
  counter.inc(3);
  t.regex(await metricsText(), /^probe_events_total 3$/m);
});
