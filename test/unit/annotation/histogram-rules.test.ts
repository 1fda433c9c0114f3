import test from "ava";
import {
  binSizeOf,
  denseCounts,
  depthBins,
  EARLIEST_RECORDING,
  timeBins,
} from "../../../services/annotation/query/services/histogram.rules.js";
import { DomainError } from "../../../services/kit/errors/domain-error.js";
import { Instant } from "../../../services/kit/time/instant.js";

const at = (text: string) => Instant.parse(text) as Instant;

test("depth bins are 50 m wide by default and stop below 4000 m", (t) => {
  t.deepEqual(depthBins(undefined), { sizeMeters: 50, count: 80 });
  t.deepEqual(depthBins(300), { sizeMeters: 300, count: 14 });
});

test("time bins span min to max in whole days; a last partial bin is kept", (t) => {
  const bins = timeBins(1, at("2020-01-01T00:00:00Z"), at("2020-01-03T12:00:00Z"));
  t.is(bins.count, 3);
  t.is(bins.widthMicros, 86_400_000_000);
  t.is(bins.start.toString(), "2020-01-01T00:00:00Z");
  t.is(timeBins(1, at("2020-01-01T00:00:00Z"), at("2020-01-03T00:00:00Z")).count, 2);
});

test("time bins start in 1987 without a min_timestamp and are empty when max is not after min", (t) => {
  t.is(timeBins(50, undefined, at("1987-03-01T00:00:00Z")).start, EARLIEST_RECORDING);
  t.is(timeBins(50, at("2020-01-01T00:00:00Z"), at("2019-01-01T00:00:00Z")).count, 0);
});

test("a bin size must be a positive whole number, and time bins are bounded in number", (t) => {
  for (const size of [0, -5, 1.5]) {
    t.is(t.throws(() => binSizeOf(size), { instanceOf: DomainError })?.reason, "INVALID_SIZE");
  }
  const tooMany = () => timeBins(1, at("1000-01-01T00:00:00Z"), at("2020-01-01T00:00:00Z"));
  t.is(t.throws(tooMany, { instanceOf: DomainError })?.reason, "TOO_MANY_BINS");
});

test("counts fill every bin, with zero where nothing was counted", (t) => {
  t.deepEqual(
    denseCounts(
      new Map([
        [1, 4],
        [3, 2],
      ]),
      5,
    ),
    [0, 4, 0, 2, 0],
  );
});
