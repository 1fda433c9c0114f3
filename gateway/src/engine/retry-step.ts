/**
 * What the gateway's unary client (http2-unary-client.ts) does after an attempt of a call failed,
 * as grpc-js' retries do (channel-config.ts):
 * - a call the server cannot have started (`refused`) is sent again at once, writes too;
 * - a read that failed with UNAVAILABLE is sent again after a backoff, while the budget allows;
 * - a call that would be sent again but whose deadline has passed fails with DEADLINE_EXCEEDED:
 *   it ran out of time, and its caller is told so (504), not that the domain is down (503), even
 *   when the refusal came in at the deadline, as it does on a loaded machine;
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
  const again =
    failed.refused || (failed.retriedRead && failed.code === GrpcStatus.UNAVAILABLE && failed.budgetAllows);
  if (!again) return "fail";
  if (failed.deadlinePassed) return "deadline-exceeded";
  if (failed.attempt >= READ_RETRY_POLICY.maxAttempts) return "fail";
  return failed.refused ? "send-now" : "send-after-backoff";
}
