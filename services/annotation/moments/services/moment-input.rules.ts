import { DomainError } from "../../../kit/errors/domain-error.js";
import { isUuid } from "../../../kit/ids/uuid.js";
import type { Page } from "../../../kit/sql/page.js";
import type { Instant } from "../../../kit/time/instant.js";

/** A UUID in canonical form (lowercased), else INVALID_ARGUMENT naming the field. */
export function requireUuid(value: string | undefined, field: string): string {
  if (value === undefined || value === "") {
    throw DomainError.invalidArgument("MISSING_FIELD", `${field} is required`, { field });
  }
  if (!isUuid(value)) throw DomainError.invalidArgument("INVALID_UUID", `${field} is not a UUID`, { field });
  return value.toLowerCase();
}

/** As requireUuid, but an absent value stays absent. */
export function optionalUuid(value: string | undefined, field: string): string | undefined {
  return value === undefined ? undefined : requireUuid(value, field);
}

export function requireInstant(value: Instant | undefined, field: string): Instant {
  if (!value) throw DomainError.invalidArgument("MISSING_FIELD", `${field} is required`, { field });
  return value;
}

/** limit and offset must not be negative; absent means unbounded. */
export function pageOf(limit: number | undefined, offset: number | undefined): Page {
  for (const [field, value] of [
    ["limit", limit],
    ["offset", offset],
  ] as const) {
    if (value !== undefined && value < 0) {
      throw DomainError.invalidArgument("INVALID_PAGE", `${field} must not be negative`, { field });
    }
  }
  return { limit, offset };
}

/** The one error of unknown ids. */
export function notFound(): DomainError {
  return DomainError.notFound("Not found");
}
