/**
 * The one error type of every domain. Services throw it; the gRPC boundary turns it
 * into a status with the reason in metadata; the gateway renders the legacy body.
 * The message is shown to clients, so it must never carry an internal cause.
 */
export type DomainErrorCode =
  | "INVALID_ARGUMENT"
  | "NOT_FOUND"
  | "ALREADY_EXISTS"
  | "FAILED_PRECONDITION"
  | "PERMISSION_DENIED"
  | "UNAUTHENTICATED"
  | "RESOURCE_EXHAUSTED"
  | "UNAVAILABLE"
  | "OUT_OF_RANGE"
  | "INTERNAL";

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    /** UPPER_SNAKE reason, stable for machines. */
    readonly reason: string,
    message: string,
    readonly metadata: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = "DomainError";
  }

  static invalidArgument(reason: string, message: string, metadata?: Record<string, string>): DomainError {
    return new DomainError("INVALID_ARGUMENT", reason, message, metadata);
  }

  static notFound(message: string, metadata?: Record<string, string>): DomainError {
    return new DomainError("NOT_FOUND", "NOT_FOUND", message, metadata);
  }

  static alreadyExists(reason: string, message: string, metadata?: Record<string, string>): DomainError {
    return new DomainError("ALREADY_EXISTS", reason, message, metadata);
  }

  static failedPrecondition(reason: string, message: string, metadata?: Record<string, string>): DomainError {
    return new DomainError("FAILED_PRECONDITION", reason, message, metadata);
  }

  static unauthenticated(message: string): DomainError {
    return new DomainError("UNAUTHENTICATED", "UNAUTHENTICATED", message);
  }

  static permissionDenied(message: string): DomainError {
    return new DomainError("PERMISSION_DENIED", "PERMISSION_DENIED", message);
  }
}

/** Throws INVALID_ARGUMENT naming the field when a required value is missing or blank. */
export function requireText(value: string | undefined | null, field: string): string {
  if (value === undefined || value === null || value.trim() === "") {
    throw DomainError.invalidArgument("MISSING_FIELD", `${field} is required`, { field });
  }
  return value;
}
