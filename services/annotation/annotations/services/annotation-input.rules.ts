import { DomainError } from "../../../kit/errors/domain-error.js";
import { isUuid } from "../../../kit/ids/uuid.js";
import type { ListPage } from "../repositories/list-page.js";

/** Column widths of the legacy schema, checked up front so both databases reject alike. */
export const MAX_LENGTH = {
  concept: 256,
  observer: 128,
  group: 128,
  activity: 128,
  timecode: 255,
  platformName: 64,
  missionId: 256,
  missionContact: 64,
} as const;

function invalid(reason: string, message: string, field: string): DomainError {
  return DomainError.invalidArgument(reason, message, { field });
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

/** Throws one INVALID_ARGUMENT naming every required field that is absent or blank. */
export function requireFields(values: Record<string, unknown>): void {
  const missing = Object.entries(values)
    .filter(([, value]) => isBlank(value))
    .map(([field]) => field);
  if (missing.length === 0) return;
  const message = missing.length === 1 ? `${missing[0]} is required` : `${missing.join(", ")} are required`;
  throw DomainError.invalidArgument("MISSING_FIELD", message, { field: missing.join(",") });
}

/** A canonical UUID, lowercased; anything else is INVALID_ARGUMENT naming the field. */
export function requireUuid(value: string | undefined, field: string): string {
  requireFields({ [field]: value });
  const text = (value ?? "").trim();
  if (!isUuid(text)) throw invalid("INVALID_UUID", `${field} is not a valid UUID: ${text}`, field);
  return text.toLowerCase();
}

export function optionalUuid(value: string | undefined, field: string): string | undefined {
  return value === undefined ? undefined : requireUuid(value, field);
}

/** Every element a UUID; the label of a bad one carries its position. */
export function requireUuids(values: readonly string[], field: string): string[] {
  return values.map((value, index) => requireUuid(value, `${field}[${index}]`));
}

export function checkLength<T extends string | undefined>(value: T, max: number, field: string): T {
  if (value !== undefined && value.length > max) {
    throw invalid("VALUE_TOO_LONG", `${field} is longer than ${max} characters`, field);
  }
  return value;
}

/** Like checkLength, and the value must not be blank when given. */
export function checkName<T extends string | undefined>(value: T, max: number, field: string): T {
  if (value !== undefined && value.trim() === "") requireFields({ [field]: value });
  return checkLength(value, max, field);
}

export function checkNonNegative<T extends number | undefined>(value: T, field: string): T {
  if (value !== undefined && (!Number.isFinite(value) || value < 0)) {
    throw invalid("INVALID_VALUE", `${field} must not be negative`, field);
  }
  return value;
}

/** Negative paging values are refused; an absent limit means no limit. */
export function pageOf(limit: number | undefined, offset: number | undefined): ListPage {
  checkNonNegative(limit, "limit");
  checkNonNegative(offset, "offset");
  return { limit, offset: offset ?? 0 };
}
