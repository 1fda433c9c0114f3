import { anno, dataOf } from "../api/client";
import { send } from "../api/http";
import { type AnnotationHistograms, annotationHistograms } from "../composables/annotation-histograms";
import { conceptNames } from "../composables/conceptNames";
import { useAsync } from "../composables/useAsync";
import { videoReferencesOf } from "../composables/videoReferences";
import { type AnnotationRow, parseRows, rowsQuery } from "./result-rows";
import { fastConstraints, type SearchFilters, tabularQuery, withDescendants } from "./search-filters";

export interface SearchResult extends AnnotationHistograms {
  annotations: AnnotationRow[];
  /** The rows asked for filled the page: more annotations match than are shown. */
  truncated: boolean;
}

/** The concept's names: itself, or with its descendants when asked (one call to the kb). */
const conceptsOf = async (filters: SearchFilters) =>
  filters.concept ? conceptNames(filters.concept, withDescendants(filters)) : undefined;

/**
 * The rows (the shown columns only, /anno/v1/query/run) and both histograms, asked at once:
 * the search takes as long as the slowest of them. The rows name the sequence themselves, so
 * they wait for the concept's names only; the histograms also need its video references.
 */
async function search(filters: SearchFilters): Promise<SearchResult> {
  const concepts = conceptsOf(filters);
  const videoReferenceUuids = filters.sequence ? videoReferencesOf(filters.sequence) : undefined;
  const [rows, histograms] = await Promise.all([
    concepts.then((names) =>
      dataOf(anno.POST("/v1/query/run", { body: rowsQuery(filters, { concepts: names }), parseAs: "text" })),
    ),
    Promise.all([concepts, videoReferenceUuids]).then(([names, uuids]) =>
      annotationHistograms(fastConstraints(filters, { concepts: names, videoReferenceUuids: uuids })),
    ),
  ]);
  return { ...parseRows(rows), ...histograms };
}

/** Downloads the search's rows as results.tsv (POST /anno/v1/query/download). */
export async function downloadTsv(filters: SearchFilters): Promise<void> {
  const response = await send(
    new Request(`${location.origin}/anno/v1/query/download`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(tabularQuery(filters, { concepts: await conceptsOf(filters) })),
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
