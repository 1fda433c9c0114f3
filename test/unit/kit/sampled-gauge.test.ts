import test from "ava";
import { trackDatabasePool, trackDatabaseProbe } from "../../../services/kit/metrics/database-metrics.js";
import { metricsText } from "../../../services/kit/metrics/metrics-registry.js";
import { SampledGauge } from "../../../services/kit/metrics/sampled-gauge.js";

const gauge = new SampledGauge<"queue">({
  name: "probe_queue_length",
  help: "Probe queue length.",
  labelNames: ["queue"],
});

test.serial(
  "a sampled gauge reports what its samplers read at scrape time, adding up equal labels",
  async (t) => {
    let length = 3;
    const untrackFirst = gauge.track(() => [{ labels: { queue: "a" }, value: length }]);
    const untrackSecond = gauge.track(async () => [
      { labels: { queue: "a" }, value: 1 },
      { labels: { queue: "b" }, value: 5 },
    ]);
    t.regex(await metricsText(), /^probe_queue_length\{queue="a"\} 4$/m);
    length = 10;
    t.regex(await metricsText(), /^probe_queue_length\{queue="a"\} 11$/m);
    t.regex(await metricsText(), /^probe_queue_length\{queue="b"\} 5$/m);
    untrackSecond();
    const text = await metricsText();
    t.regex(text, /^probe_queue_length\{queue="a"\} 10$/m);
    t.notRegex(text, /queue="b"/);
    untrackFirst();
    t.notRegex(await metricsText(), /^probe_queue_length\{/m);
  },
);

test.serial("m3_database_up follows the database probe, and disappears when the domain stops", async (t) => {
  let answering = true;
  const untrack = trackDatabaseProbe("probe-domain", async () => {
    if (!answering) throw new Error("connection refused");
  });
  t.regex(await metricsText(), /^m3_database_up\{domain="probe-domain"\} 1$/m);
  answering = false;
  // The probe's result is kept for a second, as for the health checks.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  t.regex(await metricsText(), /^m3_database_up\{domain="probe-domain"\} 0$/m);
  untrack();
  t.notRegex(await metricsText(), /domain="probe-domain"/);
});

test.serial("the pool gauges report size, connections in use and idle, and waiting work", async (t) => {
  const untrack = trackDatabasePool("pool-domain", () => ({ max: 10, inUse: 3, idle: 2, waiting: 4 }));
  const text = await metricsText();
  t.regex(text, /^m3_database_pool_max_connections\{domain="pool-domain"\} 10$/m);
  t.regex(text, /^m3_database_pool_connections\{domain="pool-domain",state="in_use"\} 3$/m);
  t.regex(text, /^m3_database_pool_connections\{domain="pool-domain",state="idle"\} 2$/m);
  t.regex(text, /^m3_database_pool_waiting\{domain="pool-domain"\} 4$/m);
  untrack();
  t.notRegex(await metricsText(), /domain="pool-domain"/);
});
