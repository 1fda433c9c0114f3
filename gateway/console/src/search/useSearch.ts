import { anno, dataOf } from "../api/client";
import { send } from "../api/http";
import { type AnnotationHistograms, annotationHistograms } from "../composables/annotation-histograms";
import { conceptNames } from "../composables/conceptNames";
import { useAsync } from "../composables/useAsync";
import { videoReferencesOf } from "../composables/videoReferences";
import { type AnnotationRow, parseRows, rowsQuery } from "./result-rows";
import {
  fastConstraints,
  type ResolvedNames,
  type SearchFilters,
  tabularQuery,
  withDescendants,
} from "./search-filters";

export interface SearchResult extends AnnotationHistograms {
  annotations: AnnotationRow[];
  /** The rows asked for filled the page: more annotations match than are shown. */
  truncated: boolean;
}

/** The concept's names (with its descendants when asked) and the sequence's video references, at once. */
async function resolve(filters: SearchFilters): Promise<ResolvedNames> {
  const [concepts, videoReferenceUuids] = await Promise.all([
    filters.concept ? conceptNames(filters.concept, withDescendants(filters)) : undefined,
    filters.sequence ? videoReferencesOf(filters.sequence) : undefined,
  ]);
  return { concepts, videoReferenceUuids };
}

/**
 * The rows (the shown columns only, /anno/v1/query/run) and both histograms, asked at once:
 * the search takes as long as the slowest of them.
 */
async function search(filters: SearchFilters): Promise<SearchResult> {
  const names = await resolve(filters);
  const [rows, histograms] = await Promise.all([
    dataOf(anno.POST("/v1/query/run", { body: rowsQuery(filters, names), parseAs: "text" })),
    annotationHistograms(fastConstraints(filters, names)),
  ]);
  return { ...parseRows(rows), ...histograms };
}

/** Downloads the search's rows as results.tsv (POST /anno/v1/query/download). */
export async function downloadTsv(filters: SearchFilters): Promise<void> {
  const response = await send(
    new Request(`${location.origin}/anno/v1/query/download`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(tabularQuery(filters, await resolve(filters))),
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
