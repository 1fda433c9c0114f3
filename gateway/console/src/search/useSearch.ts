import { type AnnotationSchemas, anno, dataOf } from "../api/client";
import { send } from "../api/http";
import { useAsync } from "../composables/useAsync";
import { videoReferencesOf } from "../composables/videoReferences";
import { fastConstraints, RESULT_LIMIT, type SearchFilters, tabularQuery } from "./search-filters";

export type Annotation = AnnotationSchemas["m3.annotation.v1.Annotation"];

export interface Histogram {
  labels: string[];
  values: number[];
}

export interface SearchResult {
  annotations: Annotation[];
  depth: Histogram;
  time: Histogram;
}

async function search(filters: SearchFilters): Promise<SearchResult> {
  const uuids = filters.sequence ? await videoReferencesOf(filters.sequence) : undefined;
  const constraints = fastConstraints(filters, uuids);
  const [fast, depth, time] = await Promise.all([
    dataOf(anno.POST("/v1/fast", { body: { ...constraints, limit: RESULT_LIMIT, data: true } })),
    dataOf(anno.POST("/v1/histogram/depth", { body: constraints })),
    dataOf(anno.POST("/v1/histogram/time", { body: constraints })),
  ]);
  const depthBins = depth.content;
  const timeBins = time.content;
  return {
    annotations: fast.content,
    depth: withoutEmptyEnds({
      labels: (depthBins?.bins_min ?? []).map((min, index) => `${min}–${depthBins?.bins_max[index] ?? ""} m`),
      values: depthBins?.values ?? [],
    }),
    time: withoutEmptyEnds({
      labels: (timeBins?.bins_min ?? []).map((min) => String(min).slice(0, 10)),
      values: timeBins?.values ?? [],
    }),
  };
}

/** The bins from the first to the last that holds annotations (the time bins start in 1987). */
function withoutEmptyEnds(histogram: Histogram): Histogram {
  const first = histogram.values.findIndex((value) => value > 0);
  if (first < 0) return { labels: [], values: [] };
  const last = histogram.values.findLastIndex((value) => value > 0);
  return { labels: histogram.labels.slice(first, last + 1), values: histogram.values.slice(first, last + 1) };
}

/** Downloads the search's rows as results.tsv (POST /anno/v1/query/download). */
export async function downloadTsv(filters: SearchFilters): Promise<void> {
  const response = await send(
    new Request(`${location.origin}/anno/v1/query/download`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(tabularQuery(filters)),
    }),
  );
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = "annotations.tsv";
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useSearch() {
  return useAsync(search);
}
