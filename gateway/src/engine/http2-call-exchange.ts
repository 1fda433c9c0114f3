/**
 * The gateway's unary calls to one replica as messages of one long-lived gRPC stream,
 * m3.common.v1.UnaryCallsService/Exchange (proto/m3/common/v1/unary_calls.proto; the domain's side
 * is services/kit/grpc/unary-calls-service.ts). A call then costs each side a share of a message
 * (the calls of one turn of the event loop leave together: exchange-batch.ts) instead of an HTTP/2
 * stream: against an echo server, about 9 µs of the client's CPU and 12 of the server's, where a
 * stream of its own costs 63 and 50 (`npm run bench:unary-client`).
 *
 * It keeps what a call of its own has:
 * - its deadline: the server is told the time left; at the deadline the call fails here and a
 *   cancellation follows it, which the handler sees;
 * - its metadata, status, details and a failure's metadata;
 * - a call the server refused (it is shutting down) or that could not be sent fails `refused`, so
 *   it is sent again elsewhere (http2-unary-client.ts).
 *
 * When the connection is told to go away (the server's maximum connection age, or its shutdown),
 * no new call is sent on it and the stream is ended once its calls are answered. A server that
 * does not serve the exchange (an m3 from before it) answers UNIMPLEMENTED: its calls then go one
 * stream each.
 */
import type { ClientHttp2Session, ClientHttp2Stream, IncomingHttpHeaders } from "node:http2";
import { status as GrpcStatus, type StatusObject } from "@grpc/grpc-js";
import {
  ExchangeResponse,
  type UnaryCallOutcome,
  UnaryCallsServiceService,
} from "../../../proto/gen/m3/common/v1/unary_calls.js";
import { type CallMetadata, toGrpcMetadata } from "../../../services/kit/grpc/call-metadata.js";
import { OutgoingCalls } from "./exchange-batch.js";
import { GrpcFrameReader } from "./grpc-frames.js";
import { bareStatus, statusOf } from "./grpc-wire.js";
import {
  type CallFailure,
  type Cancellation,
  cancelledStatus,
  deadlineExceededStatus,
  failure,
  lostCall,
  requestFailure,
} from "./http2-unary-call.js";

const EXCHANGE_PATH = UnaryCallsServiceService.exchange.path;
/**
 * The largest request sent by the exchange: a domain's server takes messages of up to 4 MiB
 * (grpc-js' default), and the call's method and metadata need room beside it. A larger request
 * goes on a stream of its own, where the server refuses it alone.
 */
export const EXCHANGE_MAX_REQUEST_BYTES = 4 * 1024 * 1024 - 64 * 1024;
const LARGEST_CALL_ID = 2 ** 32 - 1;

interface PendingCall {
  resolve(reply: Buffer): void;
  reject(error: CallFailure): void;
  timer: NodeJS.Timeout;
  cancellation: Cancellation;
  /** The stream it was sent on: only that stream's end fails it. */
  stream: ClientHttp2Stream;
}

export class CallExchange {
  private stream: ClientHttp2Stream | undefined;
  private readonly pending = new Map<number, PendingCall>();
  private lastCallId = 0;
  private readonly outgoing = new OutgoingCalls();
  private draining = false;
  /** The server does not serve the exchange. */
  private unsupported = false;

  constructor(
    private readonly session: ClientHttp2Session,
    private readonly authority: string,
  ) {
    session.once("goaway", () => this.drain());
  }

  /** False once the server has said it does not serve the exchange, or the connection goes away. */
  get usable(): boolean {
    return !this.unsupported && !this.draining && !this.session.closed;
  }

  call(
    path: string,
    request: Uint8Array,
    metadata: CallMetadata,
    deadline: number,
    cancellation: Cancellation,
  ): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      let stream: ClientHttp2Stream;
      try {
        stream = this.openStream();
      } catch (error) {
        reject(requestFailure(error));
        return;
      }
      const callId = this.nextCallId();
      const timer = setTimeout(
        () => this.giveUp(callId, deadlineExceededStatus()),
        Math.max(0, deadline - Date.now()),
      );
      this.pending.set(callId, { resolve, reject, timer, cancellation, stream });
      cancellation.cancel = () => this.giveUp(callId, cancelledStatus());
      this.outgoing.add(stream, {
        callId,
        method: path,
        metadata: metadata as Record<string, string>,
        timeoutMillis: Math.max(1, Math.ceil(deadline - Date.now())),
        message: request as Buffer,
        cancel: false,
      });
    });
  }

  /** The stream, opened on the first call and again after one ended. */
  private openStream(): ClientHttp2Stream {
    // A stream reset by the server is replaced at once, before its "close" comes.
    if (this.stream && !this.stream.destroyed) return this.stream;
    const stream = this.session.request({
      ":method": "POST",
      ":path": EXCHANGE_PATH,
      ":authority": this.authority,
      "content-type": "application/grpc",
      te: "trailers",
    });
    this.stream = stream;
    const reader = new GrpcFrameReader();
    let headers: IncomingHttpHeaders | undefined;
    let trailers: IncomingHttpHeaders | undefined;
    let streamError: { code?: string } | undefined;
    stream.on("response", (received) => {
      headers = received;
    });
    stream.on("trailers", (received) => {
      trailers = received;
    });
    stream.on("error", (error: { code?: string }) => {
      streamError = error;
    });
    stream.on("data", (chunk: Buffer) => {
      let messages: Buffer[];
      try {
        messages = reader.push(chunk);
      } catch {
        stream.close();
        return;
      }
      for (const message of messages) this.answer(stream, message);
    });
    stream.on("close", () => {
      if (this.stream === stream) this.stream = undefined;
      const status = statusOf(trailers) ?? statusOf(headers);
      if (status?.code === GrpcStatus.UNIMPLEMENTED) this.unsupported = true;
      this.failAll(stream, status, headers, streamError);
    });
    return stream;
  }

  private answer(stream: ClientHttp2Stream, bytes: Buffer): void {
    let response: ExchangeResponse;
    try {
      response = ExchangeResponse.decode(bytes);
    } catch {
      stream.close();
      return;
    }
    for (const outcome of response.outcomes) this.settleWith(stream, outcome);
  }

  private settleWith(stream: ClientHttp2Stream, outcome: UnaryCallOutcome): void {
    if (this.pending.get(outcome.callId)?.stream !== stream) return;
    const call = this.settle(outcome.callId);
    if (!call) return;
    if (outcome.code === GrpcStatus.OK) {
      call.resolve(outcome.message);
      return;
    }
    const status: StatusObject = {
      code: outcome.code,
      details: outcome.details,
      metadata: toGrpcMetadata(outcome.metadata),
    };
    call.reject(failure(status, outcome.refused));
  }

  /** The call is given up here (deadline, client gone); the server is told to cancel it. */
  private giveUp(callId: number, status: StatusObject): void {
    const stream = this.pending.get(callId)?.stream;
    if (!stream) return;
    // Queued before the call is settled: settling a draining stream's last call ends the stream
    // once what is queued is sent.
    if (!stream.destroyed && !stream.writableEnded) {
      this.outgoing.add(stream, {
        callId,
        method: "",
        metadata: {},
        timeoutMillis: 0,
        message: EMPTY,
        cancel: true,
      });
    }
    this.settle(callId)?.reject(failure(status));
  }

  /** Every call still waiting fails as the stream's end says: refused when none can have run. */
  private failAll(
    stream: ClientHttp2Stream,
    status: StatusObject | undefined,
    headers: IncomingHttpHeaders | undefined,
    streamError: { code?: string } | undefined,
  ): void {
    const notServed = status?.code === GrpcStatus.UNIMPLEMENTED;
    for (const [callId, sent] of [...this.pending]) {
      if (sent.stream !== stream) continue;
      const call = this.settle(callId);
      if (!call) continue;
      if (status === undefined) call.reject(lostCall(this.session, stream, headers, streamError));
      else if (notServed)
        call.reject(failure(bareStatus(GrpcStatus.UNAVAILABLE, "Exchange not served"), true));
      else call.reject(failure(status.code === GrpcStatus.OK ? dropped() : status));
    }
  }

  /** Takes the call out of the waiting ones; undefined when it had already ended. */
  private settle(callId: number): PendingCall | undefined {
    const call = this.pending.get(callId);
    if (!call) return undefined;
    this.pending.delete(callId);
    clearTimeout(call.timer);
    call.cancellation.cancel = undefined;
    if (this.draining && this.pending.size === 0) this.endStream();
    return call;
  }

  private drain(): void {
    this.draining = true;
    if (this.pending.size === 0) this.endStream();
  }

  private endStream(): void {
    if (this.stream) this.outgoing.end(this.stream);
  }

  private nextCallId(): number {
    do {
      this.lastCallId = this.lastCallId >= LARGEST_CALL_ID ? 1 : this.lastCallId + 1;
    } while (this.pending.has(this.lastCallId));
    return this.lastCallId;
  }
}

function dropped(): StatusObject {
  return bareStatus(GrpcStatus.UNAVAILABLE, "Connection dropped");
}

const EMPTY = Buffer.alloc(0);
