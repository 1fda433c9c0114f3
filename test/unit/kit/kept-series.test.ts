import test from "ava";
import { Counter, Histogram, Registry } from "prom-client";
import { KeptSeriesCounter, KeptSeriesHistogram } from "../../../services/kit/metrics/kept-series.js";

const BUCKETS = [0.001, 0.01, 0.1, 1];
const OBSERVED: [Record<"method" | "route", string>, number][] = [
  [{ method: "GET", route: "/a/{uuid}" }, 0.0004],
  [{ method: "GET", route: "/a/{uuid}" }, 0.01],
  [{ method: "POST", route: "/a" }, 0.2],
  [{ method: "GET", route: "/a/{uuid}" }, 7],
  [{ method: "POST", route: "/a" }, 0],
];

test("a kept-series histogram prints as prom-client's histogram given the same observations", async (t) => {
  const theirs = new Registry();
  const histogram = new Histogram({
    name: "m3_probe_seconds",
    help: "Probe durations",
    labelNames: ["method", "route"],
    buckets: BUCKETS,
    registers: [theirs],
  });
  const ours = new Registry();
  const kept = new KeptSeriesHistogram({
    name: "m3_probe_seconds",
    help: "Probe durations",
    labelNames: ["method", "route"],
    buckets: BUCKETS,
    registry: ours,
  });
  for (const [labels, value] of OBSERVED) {
    histogram.observe(labels, value);
    kept.series(labels).observe(value);
  }
  t.is(await ours.metrics(), await theirs.metrics());
  t.regex(await ours.metrics(), /m3_probe_seconds_bucket\{le="0.01",method="GET",route="\/a\/\{uuid\}"\} 2/);
});

test("a kept-series counter prints as prom-client's counter, and a series is the same object each time", async (t) => {
  const theirs = new Registry();
  const counter = new Counter({
    name: "m3_probe_total",
    help: "Probes",
    labelNames: ["method", "route"],
    registers: [theirs],
  });
  const ours = new Registry();
  const kept = new KeptSeriesCounter({
    name: "m3_probe_total",
    help: "Probes",
    labelNames: ["method", "route"],
    registry: ours,
  });
  for (const [labels] of OBSERVED) {
    counter.inc(labels);
    kept.series(labels).inc();
  }
  t.is(await ours.metrics(), await theirs.metrics());
  t.is(
    kept.series({ method: "GET", route: "/a/{uuid}" }),
    kept.series({ route: "/a/{uuid}", method: "GET" }),
  );
});

test("a kept-series histogram refuses a value that is not a number, as prom-client does", (t) => {
  const kept = new KeptSeriesHistogram({
    name: "m3_probe_seconds",
    help: "Probe durations",
    labelNames: ["route"],
    buckets: BUCKETS,
    registry: new Registry(),
  });
  t.throws(() => kept.series({ route: "/a" }).observe(Number.NaN), { instanceOf: TypeError });
});
