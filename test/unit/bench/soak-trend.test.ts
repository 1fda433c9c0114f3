import test from "ava";
import { trendGrowthPercent } from "../../../tools/dev/bench/soak/soak-meter.js";

/** RSS samples of a process that saws between `low` and `high` every `period` samples. */
function sawtooth(count: number, low: number, high: number, period: number): number[] {
  return Array.from({ length: count }, (_, index) => low + ((high - low) * (index % period)) / (period - 1));
}

test("a process whose RSS saws up and down around a steady level has no trend, whatever the phase at the ends", (t) => {
  // 9 minutes of 5 s samples, a 2-minute saw between 80 and 100 MB: the last sample is near the
  // top and the first at the bottom, so the end points alone would say +23%.
  const samples = sawtooth(108, 80, 100, 24);
  t.true(Math.abs(trendGrowthPercent(samples)) < 3, `trend ${trendGrowthPercent(samples)}`);
});

test("a process whose RSS climbs steadily under its saw shows the climb", (t) => {
  const climbing = sawtooth(108, 80, 100, 24).map((value, index) => value + (index * 20) / 107);
  // The line rises 20 MB from about 90 MB: about 22%.
  const trend = trendGrowthPercent(climbing);
  t.true(trend > 18 && trend < 26, `trend ${trend}`);
});

test("a straight line's growth is exact, and fewer than two samples have none", (t) => {
  t.is(trendGrowthPercent([100, 105, 110]), 10);
  t.is(trendGrowthPercent([100, 95, 90]), -10);
  t.is(trendGrowthPercent([100]), 0);
  t.is(trendGrowthPercent([]), 0);
});
