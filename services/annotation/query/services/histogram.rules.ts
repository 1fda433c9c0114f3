import { DomainError } from "../../../kit/errors/domain-error.js";
import { Instant } from "../../../kit/time/instant.js";

/** The legacy bin width when `size` is absent: 50 metres or 50 days. */
export const DEFAULT_BIN_SIZE = 50;
/** Depth bins cover [0, 4000) metres, as the legacy service's did. */
export const MAX_DEPTH_METERS = 4000;
/** Where time bins start when the constraints set no min_timestamp. */
export const EARLIEST_RECORDING = Instant.parse("1987-01-01T00:00:00Z") as Instant;

const MICROS_PER_DAY = 86_400_000_000;
/** Day bins from 1987 to now are ~15,000; this bounds a reply to a few MB. */
const MAX_TIME_BINS = 100_000;

export interface DepthBins {
  sizeMeters: number;
  count: number;
}

export interface TimeBins {
  start: Instant;
  widthMicros: number;
  count: number;
}

/** The bin width: a positive whole number (metres or days). */
export function binSizeOf(size: number | undefined): number {
  if (size === undefined) return DEFAULT_BIN_SIZE;
  if (!Number.isInteger(size) || size <= 0) {
    throw DomainError.invalidArgument("INVALID_SIZE", "size must be a positive whole number", {
      field: "size",
    });
  }
  return size;
}

/** Bins 0, size, 2·size, … below 4000 metres. */
export function depthBins(size: number | undefined): DepthBins {
  const sizeMeters = binSizeOf(size);
  return { sizeMeters, count: Math.ceil(MAX_DEPTH_METERS / sizeMeters) };
}

/** Bins of `size` days from min (or 1987-01-01) while they start before max (or now). */
export function timeBins(
  size: number | undefined,
  min: Instant | undefined,
  max: Instant | undefined,
): TimeBins {
  const widthMicros = binSizeOf(size) * MICROS_PER_DAY;
  const start = min ?? EARLIEST_RECORDING;
  const end = max ?? Instant.now();
  const span = end.epochMicros - start.epochMicros;
  const count = span <= 0 ? 0 : Math.ceil(span / widthMicros);
  if (count > MAX_TIME_BINS) {
    throw DomainError.invalidArgument("TOO_MANY_BINS", `size gives more than ${MAX_TIME_BINS} bins`, {
      field: "size",
    });
  }
  return { start, widthMicros, count };
}

/** Counts per bin index as a dense list (bins without rows count 0). */
export function denseCounts(counts: ReadonlyMap<number, number>, binCount: number): number[] {
  return Array.from({ length: binCount }, (_, index) => counts.get(index) ?? 0);
}
