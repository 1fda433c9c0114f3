import type { LocationQuery } from "vue-router";
import type { AnnotationSchemas } from "../api/client";

/** The search form as it lives in the URL (#/search?concept=...&sequence=...). */
export interface SearchFilters {
  concept: string;
  sequence: string;
  from: string;
  to: string;
  minDepth: string;
  maxDepth: string;
  /** "true" when the concept's descendants are searched too (the kb's tree under it). */
  descendants: string;
}

export const FILTER_KEYS = [
  "concept",
  "sequence",
  "from",
  "to",
  "minDepth",
  "maxDepth",
  "descendants",
] as const;
/** Rows a search shows at most; the TSV download has no limit. */
export const RESULT_LIMIT = 5000;

export function filtersFromQuery(query: LocationQuery): SearchFilters {
  const read = (key: string) => {
    const value = query[key];
    return typeof value === "string" ? value : "";
  };
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, read(key)])) as unknown as SearchFilters;
}

/** Only the filters that are set, so URLs stay short. */
export function queryFromFilters(filters: SearchFilters): Record<string, string> {
  // String(): Vue's v-model hands number inputs over as numbers.
  const entries = FILTER_KEYS.map((key) => [key, String(filters[key] ?? "").trim()] as const);
  return Object.fromEntries(entries.filter(([, value]) => value !== ""));
}

/** Whether the filters select anything: "descendants" alone only widens a concept. */
export const hasAnyFilter = (filters: SearchFilters) =>
  Object.keys(queryFromFilters(filters)).some((key) => key !== "descendants");

const numberOf = (text: string) => (text.trim() === "" ? undefined : Number(text));
const instantOf = (text: string) => (text.trim() === "" ? undefined : new Date(text).toISOString());

export const withDescendants = (filters: SearchFilters) => filters.descendants === "true";

/**
 * What the filters name, as the annotation queries need it: the concept as its names (itself,
 * or with its descendants), the video sequence as its video references' uuids.
 */
export interface ResolvedNames {
  concepts?: string[];
  videoReferenceUuids?: string[];
}

/** The fast query's constraints. */
export function fastConstraints(
  filters: SearchFilters,
  { concepts, videoReferenceUuids }: ResolvedNames,
): AnnotationSchemas["m3.annotation.v1.QueryConstraints.Input"] {
  return {
    concepts,
    video_reference_uuids: videoReferenceUuids,
    min_depth: numberOf(filters.minDepth),
    max_depth: numberOf(filters.maxDepth),
    min_timestamp: instantOf(filters.from),
    max_timestamp: instantOf(filters.to),
  };
}

export const TSV_COLUMNS = [
  "observation_uuid",
  "concept",
  "video_sequence_name",
  "index_recorded_timestamp",
  "index_elapsed_time_millis",
  "depth_meters",
  "latitude",
  "longitude",
  "observer",
  "image_url",
];

/** The same filters as a tabular query over the annotations view, for /anno/v1/query/download. */
export function tabularQuery(
  filters: SearchFilters,
  { concepts }: ResolvedNames,
): AnnotationSchemas["m3.annotation.v1.QueryRequest.Input"] {
  const where: AnnotationSchemas["m3.annotation.v1.QueryConstraint.Input"][] = [];
  if (concepts) where.push({ column: "concept", in: concepts });
  if (filters.sequence) where.push({ column: "video_sequence_name", equals: filters.sequence });
  const minDepth = numberOf(filters.minDepth);
  const maxDepth = numberOf(filters.maxDepth);
  if (minDepth !== undefined) where.push({ column: "depth_meters", min: minDepth });
  if (maxDepth !== undefined) where.push({ column: "depth_meters", max: maxDepth });
  const from = instantOf(filters.from);
  const to = instantOf(filters.to);
  if (from !== undefined || to !== undefined) {
    where.push({
      column: "index_recorded_timestamp",
      between: [from ?? "1900-01-01T00:00:00Z", to ?? "2999-12-31T23:59:59Z"],
    });
  }
  return { select: TSV_COLUMNS, where, order_by: ["index_recorded_timestamp"] };
}
