/**
 * The domain's side of m3.common.v1.UnaryCallsService (proto/m3/common/v1/unary_calls.proto):
 * unary calls that arrive as messages of one long-lived stream, the gateway's. Each runs the
 * method's own handler through the in-process transport (in-process-transport.ts), so the kit's
 * wrappers check its token, deadline and access, and count, trace and log it, as when the method is
 * called directly; only the HTTP/2 stream per call is saved (see the proto for why).
 *
 * - A call that arrives while the server is shutting down is answered `refused`: its handler did
 *   not run, so the client sends it again elsewhere, a write too.
 * - A cancellation cancels the call's handler; the stream's end (the client gone) cancels them all.
 * - When the client ends its side (its connection was told to go away), the server ends the
 *   stream once every call on it is answered.
 * - The outcomes ready in one turn of the event loop leave as one message: grpc-js spends about
 *   8 µs of the server's CPU on each message of a stream, a bare HTTP/2 write about 4.
 */
import { EventEmitter } from "node:events";
import * as grpc from "@grpc/grpc-js";
import {
  type ExchangeRequest,
  type ExchangeResponse,
  type UnaryCall,
  type UnaryCallOutcome,
  UnaryCallsServiceService,
} from "../../../proto/gen/m3/common/v1/unary_calls.js";
import type { CallMetadata } from "./call-metadata.js";
import type { InProcessServer } from "./in-process-server.js";
import { InProcessTransport } from "./in-process-transport.js";

type ExchangeCall = grpc.ServerDuplexStream<ExchangeRequest, ExchangeResponse>;

/** A call without a time limit (timeout 0), or a longer one, gets Node's longest timer, 24.8 days. */
const LONGEST_TIMEOUT_MILLIS = 2 ** 31 - 1;

export const UNARY_CALLS_DEFINITION = UnaryCallsServiceService as unknown as grpc.ServiceDefinition;

/** The service's implementation, calling the methods that `server` holds. */
export function unaryCallsImplementation(server: InProcessServer): grpc.UntypedServiceImplementation {
  const transport = new InProcessTransport(server.name, server);
  return { exchange: (call: ExchangeCall) => serveExchange(call, server, transport) };
}

function serveExchange(call: ExchangeCall, server: InProcessServer, transport: InProcessTransport): void {
  const running = new Map<number, EventEmitter>();
  const peer = call.getPeer();
  let clientEnded = false;
  // Outcomes ready in this turn of the event loop leave together, in one message.
  let ready: UnaryCallOutcome[] = [];
  let flushScheduled = false;
  const flush = () => {
    flushScheduled = false;
    const outcomes = ready;
    ready = [];
    const open = !call.cancelled && !call.writableEnded;
    if (open && outcomes.length > 0) call.write({ outcomes });
    if (open && clientEnded && running.size === 0) call.end();
  };
  const answer = (outcome: UnaryCallOutcome) => {
    ready.push(outcome);
    if (flushScheduled) return;
    flushScheduled = true;
    setImmediate(flush);
  };
  const endIfAnswered = () => {
    if (clientEnded && running.size === 0 && !flushScheduled) flush();
  };
  const start = (unary: UnaryCall) => {
    const { callId } = unary;
    if (unary.cancel) {
      running.get(callId)?.emit("close");
      return;
    }
    if (!server.serving) {
      answer(refusedOutcome(callId));
      return;
    }
    if (running.has(callId)) {
      answer(failureOutcome(callId, duplicateCall(callId)));
      return;
    }
    const closing = new EventEmitter();
    running.set(callId, closing);
    transport
      .unary(unary.method, unary.message, {
        metadata: unary.metadata as CallMetadata,
        // A timer any longer would fire at once (Node's TimeoutOverflowWarning).
        timeoutMillis: Math.min(unary.timeoutMillis || LONGEST_TIMEOUT_MILLIS, LONGEST_TIMEOUT_MILLIS),
        closedBy: closing,
        peer,
      })
      .then(
        (reply) => answer(replyOutcome(callId, reply)),
        (error: unknown) => answer(failureOutcome(callId, error)),
      )
      .finally(() => {
        running.delete(callId);
        endIfAnswered();
      });
  };
  call.on("data", (request: ExchangeRequest) => {
    for (const unary of request.calls) start(unary);
  });
  call.on("end", () => {
    clientEnded = true;
    endIfAnswered();
  });
  call.on("cancelled", () => {
    for (const closing of running.values()) closing.emit("close");
  });
  // A stream that broke mid-way is already cancelled; its error needs no other handling.
  call.on("error", () => {});
}

function replyOutcome(callId: number, reply: Buffer): UnaryCallOutcome {
  return { callId, code: grpc.status.OK, details: "", message: reply, metadata: {}, refused: false };
}

function refusedOutcome(callId: number): UnaryCallOutcome {
  return {
    callId,
    code: grpc.status.UNAVAILABLE,
    details: "The server is shutting down",
    message: EMPTY,
    metadata: {},
    refused: true,
  };
}

/** The status a rejected call carries (a grpc-js ServiceError's code, details and metadata). */
function failureOutcome(callId: number, error: unknown): UnaryCallOutcome {
  const given = error as Partial<grpc.ServiceError>;
  const code = typeof given.code === "number" ? given.code : grpc.status.UNKNOWN;
  const details = typeof given.details === "string" ? given.details : String(given.message ?? error);
  const metadata: Record<string, string> = {};
  if (given.metadata instanceof grpc.Metadata) {
    for (const [key, value] of Object.entries(given.metadata.getMap())) {
      metadata[key] = Buffer.isBuffer(value) ? value.toString("base64") : value;
    }
  }
  return { callId, code, details, message: EMPTY, metadata, refused: false };
}

function duplicateCall(callId: number): Partial<grpc.ServiceError> {
  return {
    code: grpc.status.INVALID_ARGUMENT,
    details: `Call ${callId} is already in flight on this stream`,
  };
}

const EMPTY = Buffer.alloc(0);
