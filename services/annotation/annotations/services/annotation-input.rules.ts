import { DomainError } from "../../../kit/errors/domain-error.js";
import {
  checkLength,
  checkName,
  checkNonNegative,
  optionalUuid,
  requireUuid,
} from "../../../kit/input/field-rules.js";
import type { Page } from "../../../kit/sql/page.js";

export { checkLength, checkName, checkNonNegative, optionalUuid, requireUuid };

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

/** Absent, null or only whitespace. */
export function isBlank(value: unknown): boolean {
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

/** Every element a UUID; the label of a bad one carries its position. */
export function requireUuids(values: readonly string[], field: string): string[] {
  return values.map((value, index) => requireUuid(value, `${field}[${index}]`));
}

/** Negative paging values are refused; an absent limit means no limit. */
export function pageOf(limit: number | undefined, offset: number | undefined): Page {
  checkNonNegative(limit, "limit");
  checkNonNegative(offset, "offset");
  return { limit, offset: offset ?? 0 };
}
