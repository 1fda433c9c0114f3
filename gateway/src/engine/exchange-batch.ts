/**
 * The calls (and cancellations) the gateway makes on an exchange stream in one turn of the event
 * loop, sent together as one ExchangeRequest when the turn ends (http2-call-exchange.ts): a domain's
 * grpc-js server spends about 8 µs of CPU on each message of a stream, whatever it holds. A batch
 * is sent at once when the next call would take it past BATCH_BYTES, so no message nears the
 * server's 4 MiB limit.
 */
import type { ClientHttp2Stream } from "node:http2";
import { ExchangeRequest, type UnaryCall } from "../../../proto/gen/m3/common/v1/unary_calls.js";
import { framedMessage } from "./grpc-wire.js";

const BATCH_BYTES = 1024 * 1024;
/** What a call adds to a message beside its request and metadata (ids, lengths, the method). */
const CALL_OVERHEAD_BYTES = 32;

export class OutgoingCalls {
  private stream: ClientHttp2Stream | undefined;
  private calls: UnaryCall[] = [];
  private bytes = 0;
  private scheduled = false;
  /** The stream ends once the batch is written (the connection drains). */
  private ending = false;

  /** Queues the call for `stream`; a batch for another stream (one that ended) is sent first. */
  add(stream: ClientHttp2Stream, call: UnaryCall): void {
    const bytes = sizeOf(call);
    if (this.stream !== stream || (this.bytes > 0 && this.bytes + bytes > BATCH_BYTES)) this.send();
    this.stream = stream;
    this.calls.push(call);
    this.bytes += bytes;
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.send();
    });
  }

  /** Sends what is queued, then ends `stream`. */
  end(stream: ClientHttp2Stream): void {
    if (this.stream === stream && this.calls.length > 0) this.ending = true;
    else if (!stream.writableEnded) stream.end();
    if (this.ending) this.send();
  }

  private send(): void {
    const { stream, calls, ending } = this;
    this.calls = [];
    this.bytes = 0;
    this.ending = false;
    if (!stream || stream.destroyed || stream.writableEnded) return;
    if (calls.length > 0) stream.write(framedMessage(ExchangeRequest.encode({ calls }).finish()));
    if (ending) stream.end();
  }
}

function sizeOf(call: UnaryCall): number {
  let bytes = CALL_OVERHEAD_BYTES + call.method.length + call.message.byteLength;
  for (const key in call.metadata) bytes += key.length + (call.metadata[key]?.length ?? 0);
  return bytes;
}
