import { anno, dataOf } from "../api/client";
import { send } from "../api/http";
import { useAsync } from "../composables/useAsync";
import { videoReferencesOf } from "../composables/videoReferences";
import { type AnnotationRow, parseRows, rowsQuery } from "./result-rows";
import { fastConstraints, type SearchFilters, tabularQuery } from "./search-filters";

export interface Histogram {
  labels: string[];
  values: number[];
}

export interface SearchResult {
  annotations: AnnotationRow[];
  /** The rows asked for filled the page: more annotations match than are shown. */
  truncated: boolean;
  depth: Histogram;
  time: Histogram;
}

/** The histograms' constraints: a video sequence is named by its video references. */
async function constraintsOf(filters: SearchFilters) {
  return fastConstraints(filters, filters.sequence ? await videoReferencesOf(filters.sequence) : undefined);
}

/**
 * The rows (the shown columns only, /anno/v1/query/run) and both histograms, asked at once:
 * the search takes as long as the slowest of them.
 */
async function search(filters: SearchFilters): Promise<SearchResult> {
  const constraints = constraintsOf(filters);
  const [rows, depth, time] = await Promise.all([
    dataOf(anno.POST("/v1/query/run", { body: rowsQuery(filters), parseAs: "text" })),
    constraints.then((body) => dataOf(anno.POST("/v1/histogram/depth", { body }))),
    constraints.then((body) => dataOf(anno.POST("/v1/histogram/time", { body }))),
  ]);
  const depthBins = depth.content;
  const timeBins = time.content;
  return {
    ...parseRows(rows),
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
