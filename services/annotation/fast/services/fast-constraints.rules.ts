import { QueryConstraints } from "../../../../proto/gen/m3/annotation/v1/fast_query_constraints.js";
import { DomainError } from "../../../kit/errors/domain-error.js";
import { checkListSize, checkNonNegative, instantOf, requireUuid } from "../../../kit/input/field-rules.js";
import type { FastFilter, NumberRange } from "../repositories/fast-filter.sql.js";

/** The legacy default page of POST /v1/fast. */
export const DEFAULT_CONSTRAINED_LIMIT = 5000;

/** The constraints as a filter, plus the page and data flag that ride along. */
export interface ConstrainedQuery {
  filter: FastFilter;
  limit: number;
  offset: number;
  data: boolean;
}

/**
 * Checks legacy QueryConstraints: UUIDs, finite bounds, lists of sane length, and at least
 * one real constraint (limit, offset and data alone select nothing).
 */
export function constrainedQueryOf(constraints: QueryConstraints | undefined): ConstrainedQuery {
  const given = constraints ?? QueryConstraints.fromPartial({});
  const filter: FastFilter = {
    videoReferenceUuids: checkListSize(given.videoReferenceUuids, "video_reference_uuids").map(
      (uuid, index) => requireUuid(uuid, `video_reference_uuids[${index}]`),
    ),
    concepts: checkListSize(given.concepts, "concepts"),
    observers: checkListSize(given.observers, "observers"),
    groups: checkListSize(given.groups, "groups"),
    activities: checkListSize(given.activities, "activities"),
    missionContacts: checkListSize(given.missionContacts, "mission_contacts"),
    depth: range(given.minDepth, given.maxDepth, "depth"),
    latitude: range(given.minLat, given.maxLat, "lat"),
    longitude: range(given.minLon, given.maxLon, "lon"),
    recorded: timestamps(given),
    linkName: given.linkName,
    linkValue: given.linkValue,
    platformName: given.platformName,
    missionId: given.missionId,
  };
  if (!hasConstraint(filter)) {
    throw DomainError.invalidArgument(
      "MISSING_CONSTRAINT",
      "At least one query constraint is required (a non-empty list, a bound, a link or a mission field)",
      { field: "query_constraints" },
    );
  }
  return {
    filter,
    limit: checkNonNegative(given.limit, "limit") ?? DEFAULT_CONSTRAINED_LIMIT,
    offset: checkNonNegative(given.offset, "offset") ?? 0,
    data: given.data ?? false,
  };
}

function hasConstraint(filter: FastFilter): boolean {
  const lists = [
    filter.videoReferenceUuids,
    filter.concepts,
    filter.observers,
    filter.groups,
    filter.activities,
    filter.missionContacts,
  ];
  return (
    lists.some((values) => (values?.length ?? 0) > 0) ||
    [filter.depth, filter.latitude, filter.longitude, filter.recorded].some((bound) => bound !== undefined) ||
    [filter.linkName, filter.linkValue, filter.platformName, filter.missionId].some(
      (text) => text !== undefined,
    )
  );
}

function range(min: number | undefined, max: number | undefined, name: string): NumberRange | undefined {
  if (min === undefined && max === undefined) return undefined;
  for (const [value, field] of [
    [min, `min_${name}`],
    [max, `max_${name}`],
  ] as const) {
    if (value !== undefined && !Number.isFinite(value)) {
      throw DomainError.invalidArgument("INVALID_VALUE", `${field} must be a finite number`, { field });
    }
  }
  return { min, max };
}

function timestamps(given: QueryConstraints): FastFilter["recorded"] {
  const min = instantOf(given.minTimestamp, "min_timestamp");
  const max = instantOf(given.maxTimestamp, "max_timestamp");
  return min || max ? { min, max } : undefined;
}
