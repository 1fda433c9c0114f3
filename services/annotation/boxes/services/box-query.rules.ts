import { DomainError } from "../../../kit/errors/domain-error.js";
import { checkLength, optionalUuid } from "../../../kit/input/field-rules.js";

export const DEFAULT_BOX_LIMIT = 1_000;
export const MAX_BOX_LIMIT = 10_000;

/** A box query as asked, before the dive is resolved to its videos. */
export interface BoxQueryInput {
  concept: readonly string[];
  videoReferenceUuid?: string;
  /** The dive's name (the registry's video sequence name). */
  dive?: string;
  verified?: boolean;
  generator?: string;
  /** The concepts' descendants in the kb too. */
  descendants?: boolean;
  limit?: number;
  offset?: number;
}

/** The checked query: the filters, and the page. */
export interface CheckedBoxQuery {
  concepts?: string[];
  videoReferenceUuid?: string;
  videoSequenceName?: string;
  verified?: boolean;
  generator?: string;
  descendants: boolean;
  limit: number;
  offset: number;
}

function wholeNumber(value: number | undefined, field: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 0 || value > max) {
    throw DomainError.invalidArgument("INVALID_PAGE", `${field} must be a whole number from 0 to ${max}`, {
      field,
    });
  }
  return value;
}

/** Checks a box query: UUIDs, lengths and the page (limit 1 to 10,000, default 1,000). */
export function checkBoxQuery(input: BoxQueryInput): CheckedBoxQuery {
  const concepts = input.concept
    .map((concept) => checkLength(concept.trim(), 256, "concept"))
    .filter(Boolean);
  const limit = wholeNumber(input.limit, "limit", DEFAULT_BOX_LIMIT, MAX_BOX_LIMIT);
  if (input.descendants && concepts.length === 0) {
    throw DomainError.invalidArgument("MISSING_FIELD", "descendants needs a concept", { field: "concept" });
  }
  if (limit === 0)
    throw DomainError.invalidArgument("INVALID_PAGE", "limit must be at least 1", { field: "limit" });
  return {
    concepts: concepts.length > 0 ? concepts : undefined,
    videoReferenceUuid: optionalUuid(input.videoReferenceUuid, "video_reference_uuid"),
    videoSequenceName: input.dive?.trim() || undefined,
    verified: input.verified,
    generator: checkLength(input.generator, 255, "generator"),
    descendants: input.descendants === true,
    limit,
    offset: wholeNumber(input.offset, "offset", 0, Number.MAX_SAFE_INTEGER),
  };
}
