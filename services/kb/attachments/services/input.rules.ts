import { DomainError } from "../../../kit/errors/domain-error.js";
import { checkLength } from "../../../kit/input/field-rules.js";
import type { Page } from "../../../kit/sql/page.js";

export { checkLength };

export const DEFAULT_LIMIT = 100;

/** A required, non-blank text within its column's length. */
export function requiredText(value: string | undefined, field: string, max: number): string {
  if (value === undefined || value.trim() === "") {
    throw DomainError.invalidArgument("MISSING_FIELD", `${field} is required`, { field });
  }
  return checkLength(value, max, field);
}

/** Defaults 100/0, so the page is always bounded (responses echo both); negative values are INVALID_ARGUMENT. */
export function pageOf(limit: number | undefined, offset: number | undefined): Required<Page> {
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
