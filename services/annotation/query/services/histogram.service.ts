import type { QueryConstraints } from "../../../../proto/gen/m3/annotation/v1/fast_query_constraints.js";
import type { Instant } from "../../../kit/time/instant.js";
import { constrainedQueryOf } from "../../fast/services/fast-constraints.rules.js";
import type { HistogramRepository } from "../repositories/histogram.repository.js";
import { denseCounts, depthBins, MAX_DEPTH_METERS, timeBins } from "./histogram.rules.js";

export interface DepthHistogramResult {
  binsMin: number[];
  binsMax: number[];
  values: number[];
}

export interface TimeHistogramResult {
  binsMin: Instant[];
  binsMax: Instant[];
  values: number[];
}

/**
 * Depth and time histograms of the annotations the legacy QueryConstraints select (the same
 * selection as the fast queries: each annotation once). Limit, offset and data do not apply.
 */
export class HistogramService {
  constructor(private readonly histograms: HistogramRepository) {}

  async depth(
    constraints: QueryConstraints | undefined,
    size: number | undefined,
  ): Promise<DepthHistogramResult> {
    const { filter } = constrainedQueryOf(constraints);
    const bins = depthBins(size);
    const counts = await this.histograms.depthCounts(filter, bins.sizeMeters, MAX_DEPTH_METERS);
    const binsMin = Array.from({ length: bins.count }, (_, index) => index * bins.sizeMeters);
    return {
      binsMin,
      binsMax: binsMin.map((min) => min + bins.sizeMeters),
      values: denseCounts(counts, bins.count),
    };
  }

  async time(
    constraints: QueryConstraints | undefined,
    size: number | undefined,
  ): Promise<TimeHistogramResult> {
    const { filter } = constrainedQueryOf(constraints);
    const bins = timeBins(size, filter.recorded?.min, filter.recorded?.max);
    const counts = await this.histograms.timeCounts(filter, bins.start, bins.widthMicros, bins.count);
    const widthMillis = bins.widthMicros / 1000;
    const binsMin = Array.from({ length: bins.count }, (_, index) =>
      bins.start.plusMillis(index * widthMillis),
    );
    return {
      binsMin,
      binsMax: binsMin.map((min) => min.plusMillis(widthMillis)),
      values: denseCounts(counts, bins.count),
    };
  }
}
