/** PostgreSQL's errors (pg's SQLSTATE `code`) translate as MySQL's and SQLite's do. */
import test from "ava";
import {
  isDatabaseUnreachable,
  isPrivilegeRefusal,
  isRetryableStorageError,
  isUniqueViolation,
  translateStorageError,
} from "../../../services/kit/storage/storage-errors.js";

const pgError = (fields: Record<string, unknown>) =>
  Object.assign(new Error(String(fields.message ?? "")), fields);

test("a PostgreSQL unique or exclusion violation is a duplicate key named after its constraint", (t) => {
  for (const code of ["23505", "23P01"]) {
    const error = pgError({ code, constraint: "uq_video_name", message: "duplicate key value" });
    t.true(isUniqueViolation(error));
    t.like(translateStorageError(error), {
      reason: "DUPLICATE_KEY",
      message: "A record with the same name already exists",
    });
  }
});

test("a PostgreSQL foreign key, too long or bad value is the client's mistake, not a failure", (t) => {
  t.like(translateStorageError(pgError({ code: "23503" })), { reason: "REFERENCED_RECORD" });
  t.like(translateStorageError(pgError({ code: "22001" })), { reason: "VALUE_TOO_LONG" });
  t.like(translateStorageError(pgError({ code: "23502", column: "name" })), {
    reason: "INVALID_VALUE",
    message: "Invalid value for name",
  });
});

test("PostgreSQL deadlocks, serialization failures and lock timeouts are retried", (t) => {
  for (const code of ["40P01", "40001", "55P03"]) t.true(isRetryableStorageError(pgError({ code })));
  t.false(isRetryableStorageError(pgError({ code: "23505" })));
});

test("a PostgreSQL server shutting down, refusing connections or a terminated connection is unreachable", (t) => {
  for (const code of ["57P01", "57P03", "53300", "08006"]) t.true(isDatabaseUnreachable(pgError({ code })));
  t.true(isDatabaseUnreachable(pgError({ message: "Connection terminated unexpectedly" })));
  t.false(isDatabaseUnreachable(pgError({ code: "23505" })));
});

test("PostgreSQL's insufficient_privilege is a privilege refusal", (t) => {
  t.true(isPrivilegeRefusal(pgError({ code: "42501" })));
  t.false(isPrivilegeRefusal(pgError({ code: "23505" })));
});
