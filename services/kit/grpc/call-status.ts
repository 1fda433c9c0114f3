import * as grpc from "@grpc/grpc-js";
import type { Logger } from "pino";
import { DomainError } from "../errors/domain-error.js";
import {
  DATABASE_UNAVAILABLE,
  databaseUnavailable,
  isDatabaseUnreachable,
} from "../storage/storage-errors.js";

/** The trailer key carrying DomainError.reason; metadata entries travel as `m3-error-<key>`. */
export const ERROR_REASON_KEY = "m3-error-reason";
const INTERNAL_MESSAGE = "Internal server error";

export interface CallStatus {
  code: grpc.status;
  details: string;
  metadata: grpc.Metadata;
}

/**
 * The status a failed call ends with. A DomainError keeps its code, message and reason; an
 * unreachable database is UNAVAILABLE with a Retry-After; anything else is a bug: it is
 * logged here and the client sees only INTERNAL "Internal server error", never the cause.
 */
export function toCallStatus(thrown: unknown, logger: Logger): CallStatus {
  const metadata = new grpc.Metadata();
  // Reads that reach the database past the storage's unit of work (row streams) land here.
  const error = isDatabaseUnreachable(thrown) ? databaseUnavailable() : thrown;
  if (error instanceof DomainError && error.reason === DATABASE_UNAVAILABLE) {
    logger.warn({ err: error === thrown ? undefined : thrown }, "the database is unreachable");
  }
  if (!(error instanceof DomainError)) {
    logger.error({ err: error }, "call failed");
    return { code: grpc.status.INTERNAL, details: INTERNAL_MESSAGE, metadata };
  }
  metadata.set(ERROR_REASON_KEY, asciiValue(error.reason));
  for (const [key, value] of Object.entries(error.metadata)) {
    metadata.set(`m3-error-${metadataKey(key)}`, asciiValue(value));
  }
  return { code: grpc.status[error.code], details: error.message, metadata };
}

/** The status name used in metrics and spans, e.g. "NOT_FOUND". */
export function statusName(code: grpc.status): string {
  return grpc.status[code] ?? String(code);
}

// Keys must be lowercase; a "-bin" suffix would demand a binary value.
function metadataKey(key: string): string {
  return key
    .toLowerCase()
    .replace(/[^0-9a-z_.-]/g, "-")
    .replace(/-bin$/, "_bin");
}

// Text metadata values must be printable ASCII; anything else is percent-encoded as UTF-8.
function asciiValue(value: string): string {
  if (/^[ -~]*$/.test(value)) return value;
  return [...Buffer.from(value, "utf8")]
    .map((byte) => (byte >= 0x20 && byte < 0x7f && byte !== 0x25 ? String.fromCharCode(byte) : percent(byte)))
    .join("");
}

function percent(byte: number): string {
  return `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
}
