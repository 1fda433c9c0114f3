import type { LocationQuery } from "vue-router";

/** What the review grid shows, kept in the URL so a review can be linked and reloaded. */
export interface ReviewFilters {
  concept: string;
  descendants: boolean;
  dive: string;
  /** "true": verified boxes only; "false": unverified only; "": both. */
  verified: "" | "true" | "false";
  generator: string;
}

/** The grid asks for at most this many boxes; the box route's own ceiling. */
export const MAX_BOXES = 10_000;

const text = (value: unknown): string => (typeof value === "string" ? value : "");

export function filtersOf(query: LocationQuery): ReviewFilters {
  const verified = text(query.verified);
  return {
    concept: text(query.concept).trim(),
    descendants: text(query.descendants) === "true",
    dive: text(query.dive).trim(),
    verified: verified === "true" || verified === "false" ? verified : "",
    generator: text(query.generator).trim(),
  };
}

/** The URL query of `filters`, without its empty fields. */
export function queryOf(filters: ReviewFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.concept) query.concept = filters.concept;
  if (filters.concept && filters.descendants) query.descendants = "true";
  if (filters.dive) query.dive = filters.dive;
  if (filters.verified) query.verified = filters.verified;
  if (filters.generator) query.generator = filters.generator;
  return query;
}

/** Nothing to show until a concept, a dive or a generator narrows the boxes down. */
export const isNarrowed = (filters: ReviewFilters): boolean =>
  filters.concept !== "" || filters.dive !== "" || filters.generator !== "";

/** The query of `GET /anno/v1/boxes` for `filters`. */
export function boxQueryOf(filters: ReviewFilters) {
  return {
    ...(filters.concept ? { concept: [filters.concept], descendants: filters.descendants } : {}),
    ...(filters.dive ? { dive: filters.dive } : {}),
    ...(filters.verified ? { verified: filters.verified === "true" } : {}),
    ...(filters.generator ? { generator: filters.generator } : {}),
    limit: MAX_BOXES,
  };
}
