/**
 * What the gateway's unary client (http2-unary-client.ts) does after an attempt of a call failed,
 * as grpc-js' retries do (channel-config.ts):
 * - a call the server cannot have started (`refused`: a replica shutting down, a domain without
 *   the exchange) is sent again at once, writes too. Past its deadline it fails with
 *   DEADLINE_EXCEEDED (504): a refusal says nothing of the call, which ran out of time, even when
 *   the refusal was read at the deadline, as it is on a loaded machine;
 * - a read that failed with UNAVAILABLE is sent again after a backoff, while the budget and the
 *   deadline allow; past the deadline it keeps its UNAVAILABLE, so a domain that is down stays a
 *   503 with Retry-After (grpc-errors.ts);
 * - anything else, a cancelled call or the last attempt fails with the attempt's own error.
 */
import { status as GrpcStatus } from "@grpc/grpc-js";
import { READ_RETRY_POLICY } from "./channel-config.js";

export type RetryStep = "fail" | "deadline-exceeded" | "send-now" | "send-after-backoff";

export interface FailedAttempt {
  /** The attempt's gRPC status code. */
  code: number;
  /** The server cannot have started it. */
  refused?: boolean;
  /** 1 for the first attempt. */
  attempt: number;
  deadlinePassed: boolean;
  cancelled: boolean;
  /** The call is a read, retried after UNAVAILABLE. */
  retriedRead: boolean;
  /** The retry budget has tokens to spare. */
  budgetAllows: boolean;
}

export function retryStepAfter(failed: FailedAttempt): RetryStep {
  if (failed.cancelled) return "fail";
  if (failed.refused) {
    if (failed.deadlinePassed) return "deadline-exceeded";
    return failed.attempt >= READ_RETRY_POLICY.maxAttempts ? "fail" : "send-now";
  }
  const again = failed.retriedRead && failed.code === GrpcStatus.UNAVAILABLE && failed.budgetAllows;
  if (!again || failed.deadlinePassed || failed.attempt >= READ_RETRY_POLICY.maxAttempts) return "fail";
  return "send-after-backoff";
}
