import { DomainError } from "../errors/domain-error.js";

interface DriverError {
  code?: string;
  errno?: number;
  sqlMessage?: string;
  message?: string;
  /** PostgreSQL: the constraint and the column a violation names. */
  constraint?: string;
  column?: string;
}

/** MySQL/MariaDB errnos and SQLite codes for the failures a client can cause or retry. */
const DUPLICATE = new Set([1062, 1586]);
const FOREIGN_KEY = new Set([1216, 1217, 1451, 1452]);
const TOO_LONG = new Set([1406]);
const BAD_VALUE = new Set([1264, 1292, 1366, 1048]);
const RETRYABLE = new Set([1213, 1205]);

/**
 * PostgreSQL's SQLSTATEs (pg's `code`) for the same failures: unique and exclusion violations
 * (a hash exclusion constraint keeps long values unique), foreign keys, a string too long, bad
 * or missing values, deadlocks, serialization failures and lock waits, a refused privilege.
 */
const PG_DUPLICATE = new Set(["23505", "23P01"]);
const PG_FOREIGN_KEY = new Set(["23503"]);
const PG_TOO_LONG = new Set(["22001"]);
const PG_BAD_VALUE = new Set(["23502", "22P02", "22003", "22007", "22008"]);
const PG_RETRYABLE = new Set(["40P01", "40001", "55P03"]);
const PG_PRIVILEGE_REFUSED = new Set(["42501"]);
/** Connection exceptions (class 08), a server shutting down or starting, too many connections. */
const PG_UNREACHABLE = new Set([
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);
/**
 * A statement refused for want of a privilege: on a database (1044), a table (1142, e.g.
 * "TRIGGER command denied"), a global one (1227), or SUPER while binary logging is on and
 * log_bin_trust_function_creators is off (1419, CREATE TRIGGER and CREATE FUNCTION).
 */
const PRIVILEGE_REFUSED = new Set([1044, 1142, 1227, 1419]);
/**
 * The database cannot be reached or is going away: refused or lost connections, too many
 * connections, a server shutting down (MySQL/MariaDB), and a file that cannot be opened, read
 * or written (SQLite).
 */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "PROTOCOL_CONNECTION_LOST",
  "PROTOCOL_SEQUENCE_TIMEOUT",
  "ER_CON_COUNT_ERROR",
  "ER_SERVER_SHUTDOWN",
  "SQLITE_CANTOPEN",
  "SQLITE_FULL",
]);
const UNREACHABLE_ERRNOS = new Set([1040, 1053, 1077, 2002, 2003, 2006, 2013]);
const CLOSED_CONNECTION =
  /connection is in closed state|Pool is closed|Connection lost|Connection terminated|Client was closed|after calling end on the pool/i;
/** Seconds a client should wait before retrying while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

function driverErrorOf(error: unknown): DriverError | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const candidate = (error as { driverError?: unknown }).driverError ?? error;
  return typeof candidate === "object" && candidate !== null ? (candidate as DriverError) : undefined;
}

/** True for deadlocks, lock wait timeouts and SQLite's locked file: the whole transaction may be retried. */
export function isRetryableStorageError(error: unknown): boolean {
  const driver = driverErrorOf(error);
  if (!driver) return false;
  // SQLITE_BUSY and its extended codes (SQLITE_BUSY_SNAPSHOT, ...), and a locked table.
  const code = driver.code ?? "";
  return (
    RETRYABLE.has(driver.errno ?? -1) ||
    PG_RETRYABLE.has(code) ||
    code.startsWith("SQLITE_BUSY") ||
    code === "SQLITE_LOCKED"
  );
}

/** True when a statement would write through SQLite's read-only connection (SQLITE_READONLY). */
export function isReadOnlyRefusal(error: unknown): boolean {
  return (driverErrorOf(error)?.code ?? "").startsWith("SQLITE_READONLY");
}

/** True when the database cannot be reached (down, restarting, unreachable, its file unusable). */
export function isDatabaseUnreachable(error: unknown): boolean {
  const driver = driverErrorOf(error);
  if (!driver) return false;
  const code = driver.code ?? "";
  return (
    UNREACHABLE_CODES.has(code) ||
    PG_UNREACHABLE.has(code) ||
    code.startsWith("SQLITE_IOERR") ||
    UNREACHABLE_ERRNOS.has(driver.errno ?? -1) ||
    CLOSED_CONNECTION.test(driver.message ?? "")
  );
}

export const DATABASE_UNAVAILABLE = "DATABASE_UNAVAILABLE";
export const DATABASE_BUSY = "DATABASE_BUSY";
/** Seconds a client should wait after the database stayed locked through every retry. */
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 1;

/** What a client sees while the database is away: 503 with Retry-After at the gateway. */
export function databaseUnavailable(): DomainError {
  return new DomainError("UNAVAILABLE", DATABASE_UNAVAILABLE, "The database is unavailable; retry later", {
    "http-header-retry-after": String(DATABASE_RETRY_AFTER_SECONDS),
  });
}

/**
 * What a client sees when the rows it writes stayed locked through every retry (a deadlock
 * or lock wait timeout that kept coming back, an SQLite file another process keeps locked):
 * 503 with a short Retry-After. The write was rolled back, so a retry is safe.
 */
export function databaseBusy(): DomainError {
  return new DomainError("UNAVAILABLE", DATABASE_BUSY, "The database is busy; retry later", {
    "http-header-retry-after": String(DATABASE_BUSY_RETRY_AFTER_SECONDS),
  });
}

/** True when the database refused the statement for want of a privilege (MySQL/MariaDB, PostgreSQL). */
export function isPrivilegeRefusal(error: unknown): boolean {
  const driver = driverErrorOf(error);
  return PRIVILEGE_REFUSED.has(driver?.errno ?? -1) || PG_PRIVILEGE_REFUSED.has(driver?.code ?? "");
}

/** True when a unique key was violated (a concurrent create of the same natural key, typically). */
export function isUniqueViolation(error: unknown): boolean {
  const driver = driverErrorOf(error);
  if (!driver) return false;
  return (
    DUPLICATE.has(driver.errno ?? -1) ||
    PG_DUPLICATE.has(driver.code ?? "") ||
    driver.code === "SQLITE_CONSTRAINT_UNIQUE"
  );
}

/**
 * Turns the constraint violations a client can cause into DomainErrors (409 or 400 at the
 * gateway, never 500), and an unreachable or still locked database into UNAVAILABLE (503 with
 * Retry-After).
 * Other errors are returned unchanged.
 */
export function translateStorageError(error: unknown): unknown {
  if (error instanceof DomainError) return error;
  const driver = driverErrorOf(error);
  if (!driver) return error;
  if (isDatabaseUnreachable(error)) return databaseUnavailable();
  if (isRetryableStorageError(error)) return databaseBusy();
  const errno = driver.errno ?? -1;
  const code = driver.code ?? "";
  if (
    DUPLICATE.has(errno) ||
    PG_DUPLICATE.has(code) ||
    code === "SQLITE_CONSTRAINT_UNIQUE" ||
    code === "SQLITE_CONSTRAINT_PRIMARYKEY"
  ) {
    return DomainError.alreadyExists(
      "DUPLICATE_KEY",
      `A record with the same ${duplicateKeyOf(driver)} already exists`,
    );
  }
  if (FOREIGN_KEY.has(errno) || PG_FOREIGN_KEY.has(code) || code === "SQLITE_CONSTRAINT_FOREIGNKEY") {
    return DomainError.failedPrecondition("REFERENCED_RECORD", "The change conflicts with a related record");
  }
  if (TOO_LONG.has(errno) || PG_TOO_LONG.has(code)) {
    return DomainError.invalidArgument(
      "VALUE_TOO_LONG",
      `Value too long for ${columnOf(driver) ?? "a field"}`,
    );
  }
  if (BAD_VALUE.has(errno) || PG_BAD_VALUE.has(code) || code === "SQLITE_CONSTRAINT_NOTNULL") {
    return DomainError.invalidArgument("INVALID_VALUE", `Invalid value for ${columnOf(driver) ?? "a field"}`);
  }
  return error;
}

function duplicateKeyOf(driver: DriverError): string {
  const text = driver.sqlMessage ?? driver.message ?? "";
  const mysqlKey = /for key '(?:[^'.]*\.)?([^']+)'/.exec(text)?.[1];
  const sqliteColumn = /UNIQUE constraint failed: [^.]+\.(\w+)/.exec(text)?.[1];
  return (sqliteColumn ?? mysqlKey ?? driver.constraint ?? "key").replace(/^uq_[a-z]+_/, "");
}

function columnOf(driver: DriverError): string | undefined {
  const text = driver.sqlMessage ?? driver.message ?? "";
  return (
    /column '([^']+)'/i.exec(text)?.[1] ??
    /NOT NULL constraint failed: [^.]+\.(\w+)/.exec(text)?.[1] ??
    driver.column
  );
}
