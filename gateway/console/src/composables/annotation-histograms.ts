import { type AnnotationSchemas, anno, dataOf } from "../api/client";

export interface Histogram {
  labels: string[];
  values: number[];
  /** Each bin's bounds as the histogram route gave them (metres, or ISO instants), for links. */
  bins: { min: string; max: string }[];
}

export interface AnnotationHistograms {
  depth: Histogram;
  time: Histogram;
}

type Constraints = AnnotationSchemas["m3.annotation.v1.QueryConstraints.Input"];

/** The depth and time histograms of the annotations matching `constraints`, asked at once. */
export async function annotationHistograms(constraints: Constraints): Promise<AnnotationHistograms> {
  const [depth, time] = await Promise.all([
    dataOf(anno.POST("/v1/histogram/depth", { body: constraints })),
    dataOf(anno.POST("/v1/histogram/time", { body: constraints })),
  ]);
  const depthMins = depth.content?.bins_min ?? [];
  const timeMins = time.content?.bins_min ?? [];
  return {
    depth: withoutEmptyEnds({
      labels: depthMins.map((min, index) => `${min}–${depth.content?.bins_max[index] ?? ""} m`),
      values: depth.content?.values ?? [],
      bins: depthMins.map((min, index) => ({
        min: String(min),
        max: String(depth.content?.bins_max[index] ?? ""),
      })),
    }),
    time: withoutEmptyEnds({
      labels: timeMins.map((min) => String(min).slice(0, 10)),
      values: time.content?.values ?? [],
      bins: timeMins.map((min, index) => ({
        min: String(min),
        max: String(time.content?.bins_max[index] ?? ""),
      })),
    }),
  };
}

/** The bins from the first to the last that holds annotations (the time bins start in 1987). */
function withoutEmptyEnds(histogram: Histogram): Histogram {
  const first = histogram.values.findIndex((value) => value > 0);
  if (first < 0) return { labels: [], values: [], bins: [] };
  const last = histogram.values.findLastIndex((value) => value > 0) + 1;
  return {
    labels: histogram.labels.slice(first, last),
    values: histogram.values.slice(first, last),
    bins: histogram.bins.slice(first, last),
  };
}
