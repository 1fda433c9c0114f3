import { DomainError, requireText } from "../../../kit/errors/domain-error.js";
/** A login name: required, at most 50 characters, and no colon (HTTP Basic could not carry it). */
export function checkUsername(value: string | undefined, field = "username"): string {
  const username = checkLength(requireText(value, field), 50, field);
  if (username.includes(":")) {
    throw DomainError.invalidArgument("INVALID_USERNAME", `${field} must not contain ':'`, { field });
  }
  return username;
}

export function checkLength<T extends string | undefined>(value: T, max: number, field: string): T {
  if (value !== undefined && Array.from(value as string).length > max) {
    throw DomainError.invalidArgument("VALUE_TOO_LONG", `${field} must be at most ${max} characters`, {
      field,
    });
  }
  return value;
}

/** Optional profile text: absent stays absent, blank clears the value (stored as NULL). */
export function profileText(
  value: string | undefined,
  max: number,
  field: string,
): string | null | undefined {
  if (value === undefined) return undefined;
  return value.trim() === "" ? null : checkLength(value, max, field);
}
