/**
 * Input rules every domain applies the same way. Each failure is INVALID_ARGUMENT with a
 * message naming the field (400 at the gateway), and the field in the error metadata.
 */
import type { Timestamp } from "../../../proto/gen/google/protobuf/timestamp.js";
import { DomainError } from "../errors/domain-error.js";
import { isUuid } from "../ids/uuid.js";
import { Instant } from "../time/instant.js";

function invalid(reason: string, message: string, field: string): DomainError {
  return DomainError.invalidArgument(reason, message, { field });
}

/** A canonical UUID, lowercased; absent, blank or malformed is refused. */
export function requireUuid(value: string | undefined, field: string): string {
  const text = (value ?? "").trim();
  if (text === "") throw invalid("MISSING_FIELD", `${field} is required`, field);
  if (!isUuid(text)) throw invalid("INVALID_UUID", `${field} is not a valid UUID: ${text}`, field);
  return text.toLowerCase();
}

export function optionalUuid(value: string | undefined, field: string): string | undefined {
  return value === undefined ? undefined : requireUuid(value, field);
}

/** At most `max` characters (UTF-16 units, as the columns count them). */
export function checkLength<T extends string | undefined>(value: T, max: number, field: string): T {
  if (value !== undefined && value.length > max) {
    throw invalid("VALUE_TOO_LONG", `${field} is longer than ${max} characters`, field);
  }
  return value;
}

/** Like checkLength, and the value must not be blank when given. */
export function checkName<T extends string | undefined>(value: T, max: number, field: string): T {
  if (value !== undefined && value.trim() === "")
    throw invalid("MISSING_FIELD", `${field} must not be blank`, field);
  return checkLength(value, max, field);
}

export function checkNonNegative<T extends number | undefined>(value: T, field: string): T {
  if (value !== undefined && (!Number.isFinite(value) || value < 0)) {
    throw invalid("INVALID_VALUE", `${field} must not be negative`, field);
  }
  return value;
}

/** An absent protobuf Timestamp is undefined; one outside years 1000..9999 is refused. */
export function instantOf(timestamp: Timestamp | undefined, field: string): Instant | undefined {
  if (timestamp === undefined) return undefined;
  try {
    return Instant.fromTimestamp(timestamp);
  } catch {
    throw invalid("INVALID_TIMESTAMP", `${field} is not a valid timestamp`, field);
  }
}
