import * as grpc from "@grpc/grpc-js";
import type { Logger } from "pino";
import type { TokenVerifier } from "../auth/token-service.js";
import { processLogger } from "../log/logger.js";
import type { GrpcCallRecorder } from "../metrics/grpc-metrics.js";
import {
  authenticate,
  type CallContext,
  type LiveCallContext,
  openCallContext,
  type ServerCallLike,
} from "./call-context.js";
import { type CallStatus, statusName, toCallStatus } from "./call-status.js";
import type { InFlightCalls } from "./in-flight-calls.js";
import { type MethodNames, withServerSpan } from "./server-span.js";

/** What every call of one method shares. */
export interface MethodPlan {
  names: MethodNames;
  requiresToken: boolean;
  tokens: TokenVerifier;
  /** The parent of every call's logger; defaults to the process's logger. */
  logger: Logger | undefined;
  inFlight: InFlightCalls;
  /** Counts and times the method's calls (grpcCallRecorder). */
  record: GrpcCallRecorder;
}

export type CallOutcome<T> = { code: grpc.status.OK; value: T } | CallStatus;

/**
 * Runs one call of any kind: builds its context (with the call's logger), checks the token, runs
 * `work` inside a span, turns failures into the status to send, hands the outcome to `reply`
 * and records metrics and in-flight tracking around it all.
 */
export function runCall<T>(
  plan: MethodPlan,
  call: ServerCallLike,
  work: (ctx: CallContext) => Promise<T>,
  reply: (outcome: CallOutcome<T>) => void,
): void {
  const startedAt = performance.now();
  const parentLogger = plan.logger ?? processLogger();
  const live = openCallContext(call, plan.names, parentLogger);
  const { ctx } = live;
  plan.inFlight.enter();
  const handle = () => settle(plan, live, work);
  withServerSpan(plan.names, call.metadata, handle)
    .then((outcome) => {
      // Before the reply: grpc-js reports "cancelled" as the stream closes after it.
      live.release();
      const seconds = (performance.now() - startedAt) / 1000;
      const code = statusName(outcome.code);
      plan.record(code, seconds);
      if (parentLogger.isLevelEnabled("debug")) {
        ctx.logger.debug({ code, durationMs: Math.round(seconds * 1000) }, "call handled");
      }
      reply(outcome);
    })
    .catch((error: unknown) => ctx.logger.error({ err: error }, "could not send the reply"))
    .finally(() => {
      live.release();
      plan.inFlight.leave();
    });
}

async function settle<T>(
  plan: MethodPlan,
  { ctx, interruption }: LiveCallContext,
  work: (ctx: CallContext) => Promise<T>,
): Promise<CallOutcome<T>> {
  try {
    if (plan.requiresToken) await authenticate(ctx, plan.tokens);
    return { code: grpc.status.OK, value: await work(ctx) };
  } catch (error) {
    // Whatever the work threw after a cancellation is a consequence of it, not a fault.
    const cut = interruption();
    if (cut !== undefined) return interruptedStatus(cut);
    return toCallStatus(error, ctx.logger);
  }
}

function interruptedStatus(cut: "cancelled" | "deadline"): CallStatus {
  return cut === "deadline"
    ? { code: grpc.status.DEADLINE_EXCEEDED, details: "Deadline exceeded", metadata: new grpc.Metadata() }
    : { code: grpc.status.CANCELLED, details: "Cancelled by the client", metadata: new grpc.Metadata() };
}
