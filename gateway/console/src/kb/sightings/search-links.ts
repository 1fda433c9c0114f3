import type { RouteLocationRaw } from "vue-router";
import type { Histogram } from "../../composables/annotation-histograms";

/** An instant as a datetime-local field holds it (the browser's local time), as the search reads it. */
function localInput(instant: string): string {
  const date = new Date(instant);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** The annotation search for a concept (and its descendants when asked), narrowed by `more`. */
export function searchLink(concept: string, descendants: boolean, more: Record<string, string> = {}) {
  const query: Record<string, string> = { concept, ...more };
  if (descendants) query.descendants = "true";
  return { path: "/search", query } satisfies RouteLocationRaw;
}

/** The search for the annotations one depth bar counts. */
export function depthBinLink(concept: string, descendants: boolean, histogram: Histogram, index: number) {
  const bin = histogram.bins[index];
  return bin && searchLink(concept, descendants, { minDepth: bin.min, maxDepth: bin.max });
}

/** The search for the annotations one time bar counts. */
export function timeBinLink(concept: string, descendants: boolean, histogram: Histogram, index: number) {
  const bin = histogram.bins[index];
  return bin && searchLink(concept, descendants, { from: localInput(bin.min), to: localInput(bin.max) });
}
