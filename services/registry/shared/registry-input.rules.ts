import { DomainError } from "../../kit/errors/domain-error.js";
import { checkLength, checkName, checkNonNegative, requireUuid } from "../../kit/input/field-rules.js";
import type { Page } from "../../kit/sql/page.js";
import type { Instant } from "../../kit/time/instant.js";

export { checkLength, checkName, checkNonNegative, requireUuid };

export const DEFAULT_PAGE_LIMIT = 100;
export const MAX_PAGE_LIMIT = 10_000;

/** Column widths of the legacy schema, checked up front so both databases reject alike. */
export const MAX_LENGTH = {
  name: 512,
  cameraId: 256,
  description: 2048,
  uri: 1024,
  codec: 128,
} as const;

const HEX_SHA512 = /^[0-9a-f]{128}$/i;
const BASE64_SHA512 = /^[A-Za-z0-9+/]{86}(?:==)?$/;
const URI_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
// What java.net.URI refuses: whitespace, controls and these delimiters. A bare "%" is let
// through (java.net.URI would refuse it): file names like "50%.mp4" exist in the wild.
const URI_FORBIDDEN = /[\s\p{Cc}<>"{}|\\^`]/u;

function invalid(reason: string, message: string, field: string): DomainError {
  return DomainError.invalidArgument(reason, message, { field });
}

/** Throws one INVALID_ARGUMENT naming every required field that is absent or blank. */
export function requireFields(values: Record<string, unknown>): void {
  const missing = Object.entries(values)
    .filter(
      ([, value]) =>
        value === undefined || value === null || (typeof value === "string" && value.trim() === ""),
    )
    .map(([field]) => field);
  if (missing.length === 0) return;
  const message =
    missing.length === 1
      ? `${missing[0]} is required`
      : `Missing one or more required parameters: ${missing.join(", ")}`;
  throw DomainError.invalidArgument("MISSING_FIELD", message, { field: missing.join(",") });
}

/** A SHA-512 digest given as hex (either case) or base64, as 128 lowercase hex digits. */
export function normaliseSha512(value: string, field = "sha512"): string {
  const text = value.trim();
  if (HEX_SHA512.test(text)) return text.toLowerCase();
  if (BASE64_SHA512.test(text)) return Buffer.from(text, "base64").toString("hex");
  throw invalid("INVALID_SHA512", `${field} must be a SHA-512 digest in hex or base64`, field);
}

export function optionalSha512(value: string | undefined, field = "sha512"): string | undefined {
  return value === undefined ? undefined : normaliseSha512(value, field);
}

/** An absolute URI (scheme first), no longer than the column. */
export function checkUri(value: string, field = "uri"): string {
  if (!URI_SCHEME.test(value) || URI_FORBIDDEN.test(value)) {
    throw invalid("INVALID_URI", `Invalid URI: ${value}`, field);
  }
  return checkLength(value, MAX_LENGTH.uri, field);
}

export function requireInstant(value: Instant | undefined, field: string): Instant {
  requireFields({ [field]: value });
  return value as Instant;
}

/** Legacy paging, always bounded: limit 100 and offset 0 by default; the limit is capped, negatives are refused. */
export function pageOf(limit: number | undefined, offset: number | undefined): Required<Page> {
  if (limit !== undefined && limit < 0) throw invalid("INVALID_PAGE", "limit must not be negative", "limit");
  if (offset !== undefined && offset < 0)
    throw invalid("INVALID_PAGE", "offset must not be negative", "offset");
  return { limit: Math.min(limit ?? DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT), offset: offset ?? 0 };
}

/** A video's start may be sent as `start` or `start_timestamp`; `start` wins. */
export function videoStartOf(input: { start?: Instant; startTimestamp?: Instant }): Instant | undefined {
  return input.start ?? input.startTimestamp;
}
