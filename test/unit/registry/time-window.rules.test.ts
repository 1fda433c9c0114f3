import test from "ava";
import { Instant } from "../../../services/kit/time/instant.js";
import { covers, isConcurrent, searchWindow } from "../../../services/registry/shared/time-window.rules.js";

function at(text: string): Instant {
  const instant = Instant.parse(text);
  if (!instant) throw new Error(text);
  return instant;
}

const start = at("2020-01-01T00:00:00Z");
const tenSeconds = { start, durationMillis: 10_000 };

test("the search window reaches half the configured minutes either side of t", (t) => {
  const window = searchWindow(at("2020-01-01T12:00:00.000001Z"), 120);
  t.is(window.from.toString(), "2020-01-01T11:00:00.000001Z");
  t.is(window.to.toString(), "2020-01-01T13:00:00.000001Z");
});

test("a video covers its start, its end and every instant between", (t) => {
  t.true(covers(tenSeconds, start, "excluded"));
  t.true(covers(tenSeconds, at("2020-01-01T00:00:05Z"), "excluded"));
  t.true(covers(tenSeconds, at("2020-01-01T00:00:10Z"), "excluded"));
  t.false(covers(tenSeconds, at("2020-01-01T00:00:10.000001Z"), "excluded"));
  t.false(covers(tenSeconds, at("2019-12-31T23:59:59.999999Z"), "excluded"));
});

test("a video without a duration covers only its start, or nothing when excluded", (t) => {
  const instant = { start, durationMillis: null };
  t.true(covers(instant, start, "instant"));
  t.false(covers(instant, at("2020-01-01T00:00:00.000001Z"), "instant"));
  t.false(covers(instant, start, "excluded"));
});

test("concurrency follows the legacy overlap rule", (t) => {
  const other = (from: string, millis: number | null) => ({ start: at(from), durationMillis: millis });
  t.true(isConcurrent(tenSeconds, other("2020-01-01T00:00:00Z", 1)), "same start");
  t.true(isConcurrent(tenSeconds, other("2019-12-31T23:59:59Z", 11_000)), "same end");
  t.true(isConcurrent(tenSeconds, other("2020-01-01T00:00:05Z", 60_000)), "starts inside");
  t.true(isConcurrent(tenSeconds, other("2019-12-31T23:59:00Z", 65_000)), "ends inside");
  t.true(isConcurrent(tenSeconds, other("2019-12-31T23:59:00Z", 120_000)), "contains it");
  t.false(isConcurrent(tenSeconds, other("2020-01-01T00:00:10Z", 5_000)), "starts at its end");
  t.false(isConcurrent(tenSeconds, other("2019-12-31T23:59:50Z", 10_000)), "ends at its start");
  t.false(isConcurrent(tenSeconds, other("2020-01-01T00:00:05Z", null)), "no duration");
});

test("a target without a duration is concurrent with the videos around its start", (t) => {
  const target = { start, durationMillis: null };
  t.true(isConcurrent(target, { start, durationMillis: 1 }));
  t.true(isConcurrent(target, { start: at("2019-12-31T23:00:00Z"), durationMillis: 7_200_000 }));
  t.false(isConcurrent(target, { start: at("2020-01-01T00:00:01Z"), durationMillis: 1000 }));
});
