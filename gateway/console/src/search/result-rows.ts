import type { AnnotationSchemas } from "../api/client";
import { RESULT_LIMIT, type ResolvedNames, type SearchFilters, tabularQuery } from "./search-filters";

/** One annotation as the results table and the map show it. */
export interface AnnotationRow {
  observationUuid: string;
  concept: string;
  recordedTimestamp?: string;
  depthMeters?: number;
  elapsedMillis?: number;
  observer?: string;
  latitude?: number;
  longitude?: number;
}

/** The annotations view's columns the table and the map show, in this order. */
const ROW_COLUMNS = [
  "observation_uuid",
  "concept",
  "index_recorded_timestamp",
  "depth_meters",
  "index_elapsed_time_millis",
  "observer",
  "latitude",
  "longitude",
] as const;

/**
 * The first RESULT_LIMIT rows of the download's query (same filters, same order), with only the
 * columns shown. The recorded time's index gives the order without sorting the whole match
 * (DISTINCT would sort it: 1.2 s instead of 50 ms over 100,000 annotations on MariaDB), so an
 * annotation with several images or associations comes as several rows, folded by parseRows.
 */
export function rowsQuery(
  filters: SearchFilters,
  names: ResolvedNames,
): AnnotationSchemas["m3.annotation.v1.QueryRequest.Input"] {
  return { ...tabularQuery(filters, names), select: [...ROW_COLUMNS], strict: true, limit: RESULT_LIMIT };
}

/** The annotations of a page of rows, and whether the page was full (there may be more). */
export interface AnnotationRows {
  annotations: AnnotationRow[];
  truncated: boolean;
}

const textOf = (cell: string | undefined) => (cell === undefined || cell === "null" ? undefined : cell);
const numberOf = (cell: string | undefined) => {
  const text = textOf(cell);
  return text === undefined ? undefined : Number(text);
};

/**
 * The annotations in /anno/v1/query/run's TSV (a header, then one line per row, nulls as
 * `null`): each once (the view repeats an annotation per image and association), imaged
 * moments without one left out.
 */
export function parseRows(tsv: string): AnnotationRows {
  const lines = tsv.split("\n");
  const annotations: AnnotationRow[] = [];
  const seen = new Set<string>();
  let rows = 0;
  // The first line is the header (the selected columns, strict), the last one is empty.
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index];
    if (!line) continue;
    rows++;
    const [uuid, concept, recorded, depth, elapsed, observer, latitude, longitude] = line.split("\t");
    if (uuid === undefined || uuid === "null" || seen.has(uuid)) continue;
    seen.add(uuid);
    annotations.push({
      observationUuid: uuid,
      concept: concept ?? "",
      recordedTimestamp: textOf(recorded),
      depthMeters: numberOf(depth),
      elapsedMillis: numberOf(elapsed),
      observer: textOf(observer),
      latitude: numberOf(latitude),
      longitude: numberOf(longitude),
    });
  }
  return { annotations, truncated: rows >= RESULT_LIMIT };
}
