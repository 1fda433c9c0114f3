import type * as grpc from "@grpc/grpc-js";
import type { CallContext } from "./call-context.js";
import { type MethodPlan, runCall } from "./call-runner.js";

export type ServerStreamingHandler = (request: unknown, ctx: CallContext) => AsyncIterable<unknown>;
export type ClientStreamingHandler = (requests: AsyncIterable<unknown>, ctx: CallContext) => Promise<unknown>;

/**
 * Writes every message the handler yields, waiting for grpc-js to drain its buffer whenever it
 * is full so a slow client slows the handler down instead of filling memory.
 */
export function serverStreamingCall(
  plan: MethodPlan,
  handler: ServerStreamingHandler,
): grpc.handleServerStreamingCall<unknown, unknown> {
  return (call) => {
    runCall(
      plan,
      call,
      async (ctx) => {
        for await (const message of handler(call.request, ctx)) {
          ctx.signal.throwIfAborted();
          if (call.destroyed) throw new Error("the response stream closed before the handler finished");
          if (!call.write(message)) await drained(call, ctx.signal);
        }
        ctx.signal.throwIfAborted();
      },
      (outcome) => {
        if (call.cancelled || call.destroyed) return;
        if ("value" in outcome) call.end();
        else call.emit("error", outcome);
      },
    );
  };
}

/** Hands the handler the request messages as an async iterable, read as the handler pulls them. */
export function clientStreamingCall(
  plan: MethodPlan,
  handler: ClientStreamingHandler,
): grpc.handleClientStreamingCall<unknown, unknown> {
  return (call, callback) => {
    runCall(
      plan,
      call,
      (ctx) => handler(requestsOf(call, ctx.signal), ctx),
      (outcome) => {
        if ("value" in outcome) callback(null, outcome.value);
        else callback(outcome);
      },
    );
  };
}

/**
 * The call's messages. A cancelled call's stream fails with the cancellation, whether grpc-js
 * destroyed it ("premature close") or ended it: the handler never takes a cut-off stream for a
 * whole one (an upload half sent is not stored).
 */
async function* requestsOf(call: grpc.ServerReadableStream<unknown, unknown>, signal: AbortSignal) {
  try {
    for await (const message of call) yield message;
  } catch (error) {
    signal.throwIfAborted();
    throw error;
  }
  signal.throwIfAborted();
}

function drained(call: grpc.ServerWritableStream<unknown, unknown>, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (call.destroyed || signal.aborted) return resolve();
    const done = () => {
      call.off("drain", done);
      call.off("close", done);
      signal.removeEventListener("abort", done);
      resolve();
    };
    call.on("drain", done);
    call.on("close", done);
    signal.addEventListener("abort", done);
  });
}
