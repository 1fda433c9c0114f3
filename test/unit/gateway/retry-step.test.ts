import { status } from "@grpc/grpc-js";
import test from "ava";
import { READ_RETRY_POLICY } from "../../../gateway/src/engine/channel-config.js";
import { type FailedAttempt, retryStepAfter } from "../../../gateway/src/engine/retry-step.js";

/** A first attempt of a read, refused by the server, with time and budget left. */
const REFUSED: FailedAttempt = {
  code: status.UNAVAILABLE,
  refused: true,
  attempt: 1,
  deadlinePassed: false,
  cancelled: false,
  retriedRead: true,
  budgetAllows: true,
};
const LOST_READ: FailedAttempt = { ...REFUSED, refused: false };

test("a refused call is sent again at once, a write too; an UNAVAILABLE read after a backoff", (t) => {
  t.is(retryStepAfter(REFUSED), "send-now");
  t.is(retryStepAfter({ ...REFUSED, retriedRead: false, budgetAllows: false }), "send-now");
  t.is(retryStepAfter(LOST_READ), "send-after-backoff");
});

test("a refused call past its deadline fails with DEADLINE_EXCEEDED, not its refusal", (t) => {
  t.is(retryStepAfter({ ...REFUSED, deadlinePassed: true }), "deadline-exceeded");
  t.is(retryStepAfter({ ...REFUSED, retriedRead: false, deadlinePassed: true }), "deadline-exceeded");
});

test("a read lost past its deadline keeps its UNAVAILABLE (a domain down stays a 503)", (t) => {
  t.is(retryStepAfter({ ...LOST_READ, deadlinePassed: true }), "fail");
});

test("a failure that is not retried keeps its own status, past the deadline too", (t) => {
  const notFound = { ...LOST_READ, code: status.NOT_FOUND };
  t.is(retryStepAfter(notFound), "fail");
  t.is(retryStepAfter({ ...notFound, deadlinePassed: true }), "fail");
  t.is(retryStepAfter({ ...LOST_READ, retriedRead: false }), "fail", "a write that may have run");
  t.is(retryStepAfter({ ...LOST_READ, budgetAllows: false }), "fail", "the budget is spent");
});

test("a cancelled call and the last attempt fail with the attempt's own error", (t) => {
  t.is(retryStepAfter({ ...REFUSED, cancelled: true }), "fail");
  t.is(retryStepAfter({ ...REFUSED, cancelled: true, deadlinePassed: true }), "fail");
  t.is(retryStepAfter({ ...REFUSED, attempt: READ_RETRY_POLICY.maxAttempts }), "fail");
  t.is(retryStepAfter({ ...LOST_READ, attempt: READ_RETRY_POLICY.maxAttempts }), "fail");
  t.is(retryStepAfter({ ...LOST_READ, attempt: READ_RETRY_POLICY.maxAttempts - 1 }), "send-after-backoff");
});
