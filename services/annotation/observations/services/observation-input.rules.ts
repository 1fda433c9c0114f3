import { DomainError } from "../../../kit/errors/domain-error.js";
import { checkLength, requireUuid } from "../../../kit/input/field-rules.js";
import type { Page } from "../../../kit/sql/page.js";

export { checkLength, requireUuid };

/** Column widths of the legacy schema, checked up front so both databases reject alike. */
export const MAX_LENGTH = {
  concept: 256,
  observer: 128,
  activity: 128,
  group: 128,
  linkName: 128,
  toConcept: 128,
  linkValue: 1024,
  mimeType: 64,
} as const;

/** The text fields of an observation that updates may set. */
export interface ObservationFields {
  concept?: string;
  observer?: string;
  activity?: string;
  group?: string;
  durationMillis?: number;
}

function invalid(reason: string, message: string, field: string): DomainError {
  return DomainError.invalidArgument(reason, message, { field });
}

export function requireText(value: string | undefined, field: string): string {
  if (value === undefined || value.trim() === "") {
    throw invalid("MISSING_FIELD", `${field} is required`, field);
  }
  return value;
}

/** Every item a canonical UUID, lowercased, without repeats; an empty list is refused. */
export function requireUuids(values: readonly string[], field: string): string[] {
  if (values.length === 0) throw invalid("MISSING_FIELD", `${field} is required`, field);
  return [...new Set(values.map((value, index) => requireUuid(value, `${field}[${index}]`)))];
}

export function checkDuration(value: number | undefined): number | undefined {
  if (value !== undefined && (!Number.isSafeInteger(value) || value < 0)) {
    throw invalid(
      "INVALID_DURATION",
      "duration_millis must be a non-negative whole number of milliseconds",
      "duration_millis",
    );
  }
  return value;
}

/** Checks the widths and the duration; a concept, when given, must not be blank. */
export function checkObservationFields(input: ObservationFields): ObservationFields {
  if (input.concept !== undefined) requireText(input.concept, "concept");
  return {
    concept: checkLength(input.concept, MAX_LENGTH.concept, "concept"),
    observer: checkLength(input.observer, MAX_LENGTH.observer, "observer"),
    activity: checkLength(input.activity, MAX_LENGTH.activity, "activity"),
    group: checkLength(input.group, MAX_LENGTH.group, "group"),
    durationMillis: checkDuration(input.durationMillis),
  };
}

/** Negative limits or offsets are refused; absent ones mean no limit and none skipped. */
export function checkPage(page: Page): Page {
  for (const [field, value] of Object.entries(page)) {
    if (value !== undefined && (!Number.isSafeInteger(value) || value < 0)) {
      throw invalid("INVALID_PAGE", `${field} must be a non-negative integer`, field);
    }
  }
  return { limit: page.limit, offset: page.offset };
}

/** The old and new names of a rename: both required, the new one no wider than the column. */
export function checkRename(oldName: string, newName: string, max: number): { old: string; new: string } {
  return {
    old: requireText(oldName, "old"),
    new: checkLength(requireText(newName, "new"), max, "new"),
  };
}

/** Drops the absent fields, so an update never writes them. */
export function definedOnly<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}
