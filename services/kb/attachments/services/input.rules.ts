import { DomainError } from "../../../kit/errors/domain-error.js";
import type { Page } from "../repositories/page.js";

export const DEFAULT_LIMIT = 100;

/** Throws INVALID_ARGUMENT naming the field when a value exceeds its column. */
export function checkLength<T extends string | undefined>(value: T, field: string, max: number): T {
  if (value !== undefined && value.length > max) {
    throw DomainError.invalidArgument("TOO_LONG", `${field} is longer than ${max} characters`, { field });
  }
  return value;
}

/** A required, non-blank text within its column's length. */
export function requiredText(value: string | undefined, field: string, max: number): string {
  if (value === undefined || value.trim() === "") {
    throw DomainError.invalidArgument("MISSING_FIELD", `${field} is required`, { field });
  }
  return checkLength(value, field, max);
}

/** Defaults 100/0; negative values are INVALID_ARGUMENT. */
export function pageOf(limit: number | undefined, offset: number | undefined): Page {
  const page = { limit: limit ?? DEFAULT_LIMIT, offset: offset ?? 0 };
  for (const [field, value] of Object.entries(page)) {
    if (!Number.isInteger(value) || value < 0) {
      throw DomainError.invalidArgument("INVALID_PAGE", `${field} must be a non-negative integer`, { field });
    }
  }
  return page;
}

export function notFound(message: string): never {
  throw DomainError.notFound(message);
}
