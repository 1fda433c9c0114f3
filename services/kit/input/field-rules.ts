/**
 * Input rules every domain applies the same way. Each failure is INVALID_ARGUMENT with a
 * message naming the field (400 at the gateway), and the field in the error metadata.
 * `prefix` locates the field in a list (e.g. "annotations[3].") and is joined to the name
 * only when a check fails: bulk calls run these thousands of times per request.
 */
import type { Timestamp } from "../../../proto/gen/google/protobuf/timestamp.js";
import { DomainError } from "../errors/domain-error.js";
import { isUuid } from "../ids/uuid.js";
import { Instant } from "../time/instant.js";

function invalid(reason: string, message: string, field: string): DomainError {
  return DomainError.invalidArgument(reason, message, { field });
}

/** A canonical UUID, lowercased; absent, blank or malformed is refused. */
export function requireUuid(value: string | undefined, field: string, prefix = ""): string {
  const text = (value ?? "").trim();
  if (text === "") throw invalid("MISSING_FIELD", `${prefix}${field} is required`, prefix + field);
  if (!isUuid(text)) {
    throw invalid("INVALID_UUID", `${prefix}${field} is not a valid UUID: ${text}`, prefix + field);
  }
  return text.toLowerCase();
}

/**
 * A value that must be given: absent, null, blank text and an empty list are refused alike
 * (a repeated protobuf field cannot tell an absent list from an empty one).
 */
export function requireValue<T>(value: T | undefined | null, field: string, prefix = ""): T {
  if (
    value === undefined ||
    value === null ||
    (typeof value === "string" && value.trim() === "") ||
    (Array.isArray(value) && value.length === 0)
  ) {
    throw invalid("MISSING_FIELD", `${prefix}${field} is required`, prefix + field);
  }
  return value;
}

export function optionalUuid(value: string | undefined, field: string, prefix = ""): string | undefined {
  return value === undefined ? undefined : requireUuid(value, field, prefix);
}

/** At most `max` characters (UTF-16 units, as the columns count them). */
export function checkLength<T extends string | undefined>(
  value: T,
  max: number,
  field: string,
  prefix = "",
): T {
  if (value !== undefined && value.length > max) {
    throw invalid("VALUE_TOO_LONG", `${prefix}${field} is longer than ${max} characters`, prefix + field);
  }
  return value;
}

/** Like checkLength, and the value must not be blank when given. */
export function checkName<T extends string | undefined>(
  value: T,
  max: number,
  field: string,
  prefix = "",
): T {
  if (value !== undefined && value.trim() === "")
    throw invalid("MISSING_FIELD", `${prefix}${field} must not be blank`, prefix + field);
  return checkLength(value, max, field, prefix);
}

export function checkNonNegative<T extends number | undefined>(value: T, field: string, prefix = ""): T {
  if (value !== undefined && (!Number.isFinite(value) || value < 0)) {
    throw invalid("INVALID_VALUE", `${prefix}${field} must not be negative`, prefix + field);
  }
  return value;
}

/** An absent protobuf Timestamp is undefined; one outside years 1000..9999 is refused. */
export function instantOf(timestamp: Timestamp | undefined, field: string, prefix = ""): Instant | undefined {
  if (timestamp === undefined) return undefined;
  try {
    return Instant.fromTimestamp(timestamp);
  } catch {
    throw invalid("INVALID_TIMESTAMP", `${prefix}${field} is not a valid timestamp`, prefix + field);
  }
}

/** The most values one list may bind as statement parameters (SQLite binds at most 32766). */
export const MAX_BOUND_LIST_LENGTH = 5000;

/** A list short enough to bind as statement parameters, copied. */
export function checkListSize<T>(values: readonly T[], field: string): T[] {
  if (values.length > MAX_BOUND_LIST_LENGTH) {
    throw invalid("LIST_TOO_LONG", `${field} holds more than ${MAX_BOUND_LIST_LENGTH} values`, field);
  }
  return [...values];
}
