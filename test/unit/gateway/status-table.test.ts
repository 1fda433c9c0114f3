import { status } from "@grpc/grpc-js";
import test from "ava";
import { httpStatusOf } from "../../../gateway/src/engine/status-table.js";

const TABLE: ReadonlyArray<[status, number]> = [
  [status.INVALID_ARGUMENT, 400],
  [status.FAILED_PRECONDITION, 400],
  [status.OUT_OF_RANGE, 400],
  [status.UNAUTHENTICATED, 401],
  [status.PERMISSION_DENIED, 403],
  [status.NOT_FOUND, 404],
  [status.ALREADY_EXISTS, 409],
  [status.ABORTED, 409],
  [status.RESOURCE_EXHAUSTED, 429],
  [status.CANCELLED, 499],
  [status.UNIMPLEMENTED, 501],
  [status.UNAVAILABLE, 503],
  [status.DEADLINE_EXCEEDED, 504],
  [status.UNKNOWN, 500],
  [status.INTERNAL, 500],
  [status.DATA_LOSS, 500],
];

for (const [code, http] of TABLE) {
  test(`gRPC ${status[code]} maps to HTTP ${http}`, (t) => {
    t.is(httpStatusOf(code), http);
  });
}

test("a route override replaces the table entry for its code only", (t) => {
  const overrides = { NOT_FOUND: 500 };
  t.is(httpStatusOf(status.NOT_FOUND, overrides), 500);
  t.is(httpStatusOf(status.INVALID_ARGUMENT, overrides), 400);
});

test("an unknown code is a 500", (t) => {
  t.is(httpStatusOf(99), 500);
});
