import * as grpc from "@grpc/grpc-js";
import test from "ava";
import { pino } from "pino";
import { DomainError } from "../../../services/kit/errors/domain-error.js";
import { toCallStatus } from "../../../services/kit/grpc/call-status.js";
import {
  isDatabaseUnreachable,
  translateStorageError,
} from "../../../services/kit/storage/storage-errors.js";

const silent = pino({ level: "silent" });
const driverError = (fields: Record<string, unknown>) =>
  Object.assign(new Error(String(fields.message ?? "")), fields);

const UNREACHABLE = [
  driverError({ code: "ECONNREFUSED", errno: -111, message: "connect ECONNREFUSED 127.0.0.1:3306" }),
  driverError({
    code: "PROTOCOL_CONNECTION_LOST",
    message: "Connection lost: The server closed the connection.",
  }),
  driverError({ errno: 2013, message: "Lost connection to server during query" }),
  driverError({ code: "ER_SERVER_SHUTDOWN", errno: 1053, message: "Server shutdown in progress" }),
  driverError({ message: "Can't add new command when connection is in closed state" }),
  // TypeORM wraps the driver's error as QueryFailedError.driverError.
  Object.assign(new Error("query failed"), { driverError: driverError({ code: "ECONNRESET" }) }),
  driverError({ code: "SQLITE_IOERR_READ", message: "disk I/O error" }),
  driverError({ code: "SQLITE_CANTOPEN", message: "unable to open database file" }),
];

test("a refused, lost or closed database connection and an unusable SQLite file count as unreachable", (t) => {
  for (const error of UNREACHABLE) t.true(isDatabaseUnreachable(error), error.message);
});

test("constraint violations, deadlocks and plain bugs do not count as unreachable", (t) => {
  t.false(isDatabaseUnreachable(driverError({ errno: 1062, message: "Duplicate entry 'x' for key 'name'" })));
  t.false(isDatabaseUnreachable(driverError({ errno: 1213, message: "Deadlock found" })));
  t.false(isDatabaseUnreachable(driverError({ code: "SQLITE_CONSTRAINT_UNIQUE" })));
  t.false(isDatabaseUnreachable(new TypeError("x is undefined")));
  t.false(isDatabaseUnreachable(undefined));
});

test("an unreachable database is UNAVAILABLE with a retry-after for the gateway's Retry-After header", (t) => {
  const translated = translateStorageError(UNREACHABLE[0]);
  t.true(translated instanceof DomainError);
  t.like(translated, { code: "UNAVAILABLE", reason: "DATABASE_UNAVAILABLE" });
  t.deepEqual((translated as DomainError).metadata, { "http-header-retry-after": "5" });
});

test("a call that meets an unreachable database outside a unit of work ends UNAVAILABLE, not INTERNAL", (t) => {
  const status = toCallStatus(UNREACHABLE[1], silent);
  t.is(status.code, grpc.status.UNAVAILABLE);
  t.is(status.details, "The database is unavailable; retry later");
  t.deepEqual(status.metadata.get("m3-error-http-header-retry-after"), ["5"]);
  t.is(toCallStatus(new TypeError("bug"), silent).code, grpc.status.INTERNAL);
});

test("a lock that outlasted every retry (deadlock, lock wait timeout, locked SQLite file) is UNAVAILABLE busy with a short retry-after", (t) => {
  const stillLocked = [
    driverError({ errno: 1213, message: "Deadlock found when trying to get lock" }),
    driverError({ errno: 1205, message: "Lock wait timeout exceeded" }),
    Object.assign(new Error("query failed"), {
      driverError: driverError({ code: "SQLITE_BUSY", message: "database is locked" }),
    }),
    driverError({ code: "SQLITE_BUSY_SNAPSHOT", message: "database is locked" }),
  ];
  for (const error of stillLocked) {
    const translated = translateStorageError(error);
    t.like(translated, { code: "UNAVAILABLE", reason: "DATABASE_BUSY" }, String((error as Error).message));
    t.deepEqual((translated as DomainError).metadata, { "http-header-retry-after": "1" });
  }
});
