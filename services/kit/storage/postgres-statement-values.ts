import pg from "pg";

/**
 * Whether a server error ends the statement and leaves the session (an ERROR), rather than the
 * connection (FATAL or PANIC: the server closes it, as pg_terminate_backend or a shutdown do).
 */
export function endsStatementOnly(error: unknown): boolean {
  return error instanceof pg.DatabaseError && error.severity !== "FATAL" && error.severity !== "PANIC";
}

/** A parameter as the text PostgreSQL reads (pg sends every parameter untyped, as text). */
export function boundValue(value: unknown): string | Buffer | null {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean")
    return String(value);
  throw new Error(`a statement parameter must be text, a number, a boolean or null, not ${typeof value}`);
}
