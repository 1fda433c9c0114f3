import type { AnnotationSchemas } from "../api/client";
import { RESULT_LIMIT, type SearchFilters, tabularQuery } from "./search-filters";

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
 * columns shown: one row per annotation (DISTINCT folds the view's row per image and
 * association), the recorded time's index giving the order without sorting the whole match.
 */
export function rowsQuery(filters: SearchFilters): AnnotationSchemas["m3.annotation.v1.QueryRequest.Input"] {
  return {
    ...tabularQuery(filters),
    select: [...ROW_COLUMNS],
    distinct: true,
    strict: true,
    limit: RESULT_LIMIT,
  };
}

const textOf = (cell: string | undefined) => (cell === undefined || cell === "null" ? undefined : cell);
const numberOf = (cell: string | undefined) => {
  const text = textOf(cell);
  return text === undefined ? undefined : Number(text);
};

/** The rows of /anno/v1/query/run's TSV (a header, then one line per row, nulls as `null`). */
export function parseRows(tsv: string): AnnotationRow[] {
  const lines = tsv.split("\n");
  const rows: AnnotationRow[] = [];
  // The first line is the header (the selected columns, strict), the last one is empty.
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index];
    if (!line) continue;
    const [uuid, concept, recorded, depth, elapsed, observer, latitude, longitude] = line.split("\t");
    rows.push({
      observationUuid: uuid ?? "",
      concept: concept ?? "",
      recordedTimestamp: textOf(recorded),
      depthMeters: numberOf(depth),
      elapsedMillis: numberOf(elapsed),
      observer: textOf(observer),
      latitude: numberOf(latitude),
      longitude: numberOf(longitude),
    });
  }
  return rows;
}
