/**
 * Calls a gRPC server's handlers in the same process, without a socket or HTTP/2: the request's
 * bytes go through the method's own deserializer, the reply through its serializer, and the
 * handler is the one grpc-js serves, so the kit's wrappers (auth, deadline, cancellation, error
 * statuses with metadata, metrics, tracing, logging) run as for a network call. Failures are
 * grpc-js ServiceError-like errors with the same codes, details and metadata; a deadline that
 * passes is DEADLINE_EXCEEDED; cancelling makes the handler see "cancelled"; a server stream
 * applies backpressure; a client stream takes the upload's messages one by one.
 *
 * It has the shape of the gateway's DomainTransport.
 */
import * as grpc from "@grpc/grpc-js";
import { type CallMetadata, toGrpcMetadata } from "./call-metadata.js";
import type { ClosingSource } from "./closing-source.js";
import {
  type EndedCall,
  HIGH_WATER_MARK,
  InProcessReadableCall,
  InProcessServerCall,
  InProcessWritableCall,
  internal,
  type ReplySink,
  statusOf,
} from "./in-process-calls.js";
import type { HandlerKind, InProcessMethod, InProcessServer } from "./in-process-server.js";

type Callback = (error: unknown, value?: unknown) => void;
type Handler = (call: InProcessServerCall, callback?: Callback) => void;

export class InProcessTransport {
  constructor(
    readonly domain: string,
    private readonly server: InProcessServer,
  ) {}

  unary(
    path: string,
    request: Uint8Array,
    options: {
      metadata: CallMetadata;
      timeoutMillis: number;
      closedBy?: ClosingSource;
      /** Who called, when the call came over the network in a stream of calls (unary-calls-service.ts). */
      peer?: string;
    },
  ): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      // Before the timer: metadata grpc-js refuses (the exchange's peer may send any) end the call
      // here, leaving no timer to fire on a call that was never made.
      let metadata: grpc.Metadata;
      try {
        metadata = toGrpcMetadata(options.metadata);
      } catch (error) {
        reject(serviceError(invalidMetadata(error)));
        return;
      }
      const onClose = () => call.cancel(grpc.status.CANCELLED, "Cancelled on client");
      const timer = setTimeout(
        () =>
          call.finish({
            code: grpc.status.DEADLINE_EXCEEDED,
            details: "Deadline exceeded",
            metadata: new grpc.Metadata(),
          }),
        options.timeoutMillis,
      );
      const call: InProcessServerCall = new InProcessServerCall(
        metadata,
        Date.now() + options.timeoutMillis,
        path,
        (ended) => {
          clearTimeout(timer);
          options.closedBy?.off("close", onClose);
          this.server.done(handle);
          settle(ended, resolve, reject);
        },
        options.peer,
      );
      const handle = { abandon: () => call.cancel(grpc.status.UNAVAILABLE, "The server is shutting down") };
      options.closedBy?.once("close", onClose);
      const method = this.admit(path, "unary", call, handle);
      if (method && withRequest(call, method, request)) {
        run(method, call, replyCallback(call, method));
      }
    });
  }

  serverStream(path: string, request: Uint8Array, options: { metadata: CallMetadata }): ReplyQueue {
    const replies = new ReplyQueue(() => call.cancel(grpc.status.CANCELLED, "Cancelled on client"));
    const method = this.server.method(path);
    const call: InProcessWritableCall = new InProcessWritableCall(
      toGrpcMetadata(options.metadata),
      path,
      method?.serializeResponse ?? unused,
      replies,
      (ended) => {
        this.server.done(handle);
        replies.close(ended);
      },
    );
    replies.onDrain = () => call.emit("drain");
    const handle = { abandon: () => call.cancel(grpc.status.UNAVAILABLE, "The server is shutting down") };
    const admitted = this.admit(path, "serverStream", call, handle);
    if (admitted && withRequest(call, admitted, request)) run(admitted, call);
    return replies;
  }

  clientStream(
    path: string,
    options: { metadata: CallMetadata },
  ): { call: RequestWriter; reply: Promise<Buffer> } {
    let call: InProcessReadableCall | undefined;
    const reply = new Promise<Buffer>((resolve, reject) => {
      call = new InProcessReadableCall(
        toGrpcMetadata(options.metadata),
        Number.POSITIVE_INFINITY,
        path,
        (ended) => {
          this.server.done(handle);
          settle(ended, resolve, reject);
        },
      );
    });
    const started = call as InProcessReadableCall;
    const handle = { abandon: () => started.cancel(grpc.status.UNAVAILABLE, "The server is shutting down") };
    const method = this.admit(path, "clientStream", started, handle);
    const writer = new RequestWriter(started, method);
    if (method) run(method, started, replyCallback(started, method));
    return { call: writer, reply };
  }

  /** In process the domain is there as long as its server serves. */
  isConnected(): boolean {
    return this.server.serving;
  }

  /** Nothing to close: there is no channel. */
  close(): void {}

  /** The method to run, or undefined once the call has ended with the status grpc-js would send. */
  private admit(
    path: string,
    kind: HandlerKind,
    call: InProcessServerCall,
    handle: { abandon(): void },
  ): InProcessMethod | undefined {
    if (!this.server.admit(handle)) {
      call.finish({
        code: grpc.status.UNAVAILABLE,
        details: "No connection established",
        metadata: new grpc.Metadata(),
      });
      return undefined;
    }
    const method = this.server.method(path);
    if (method?.kind !== kind) {
      call.finish({
        code: grpc.status.UNIMPLEMENTED,
        details: `The server does not implement the method ${path}`,
        metadata: new grpc.Metadata(),
      });
      return undefined;
    }
    return method;
  }
}

/**
 * A server stream's replies as the client reads them. Up to HIGH_WATER_MARK messages wait here;
 * beyond, the handler's write() returns false and it waits for "drain", so a slow HTTP client
 * slows the handler down.
 */
export class ReplyQueue implements ReplySink, AsyncIterable<Buffer> {
  onDrain: () => void = () => {};
  private readonly messages: Buffer[] = [];
  private ended: EndedCall | undefined;
  private full = false;
  private reader: ((result: Promise<IteratorResult<Buffer>>) => void) | undefined;

  constructor(private readonly onCancel: () => void) {}

  push(bytes: Buffer): boolean {
    this.messages.push(bytes);
    this.wakeReader();
    this.full = this.messages.length >= HIGH_WATER_MARK;
    return !this.full;
  }

  /** The call's status, after the messages already queued. */
  close(ended: EndedCall): void {
    this.ended ??= ended;
    this.wakeReader();
  }

  cancel(): void {
    if (this.ended) return;
    this.messages.length = 0;
    this.onCancel();
  }

  [Symbol.asyncIterator](): AsyncIterator<Buffer> {
    return {
      next: () => this.next(),
      return: async () => {
        this.cancel();
        return { done: true, value: undefined };
      },
    };
  }

  private next(): Promise<IteratorResult<Buffer>> {
    const message = this.messages.shift();
    if (message) {
      if (this.full && this.messages.length < HIGH_WATER_MARK) {
        this.full = false;
        this.onDrain();
      }
      return Promise.resolve({ done: false, value: message });
    }
    if (this.ended) {
      return this.ended.code === grpc.status.OK
        ? Promise.resolve({ done: true, value: undefined })
        : Promise.reject(serviceError(this.ended));
    }
    return new Promise<Promise<IteratorResult<Buffer>>>((resolve) => {
      this.reader = resolve;
    }).then((result) => result);
  }

  private wakeReader(): void {
    const reader = this.reader;
    this.reader = undefined;
    reader?.(this.next());
  }
}

/** The request side of a client-streaming call. */
export class RequestWriter {
  constructor(
    private readonly call: InProcessReadableCall,
    private readonly method: InProcessMethod | undefined,
  ) {}

  write(bytes: Buffer, done?: () => void): boolean {
    const taken = done ?? (() => {});
    if (!this.method || this.call.hasEnded) {
      taken();
      return false;
    }
    let message: unknown;
    try {
      message = this.method.deserializeRequest(bytes);
    } catch (error) {
      this.call.finish(internal(`Error deserializing request: ${(error as Error).message}`));
      taken();
      return false;
    }
    this.call.pushRequest(message, taken);
    return true;
  }

  end(): void {
    this.call.halfClose();
  }

  cancel(): void {
    this.call.cancel(grpc.status.CANCELLED, "Cancelled on client");
  }
}

/** Deserializes the request as grpc-js does before the handler runs; false when it could not. */
function withRequest(call: InProcessServerCall, method: InProcessMethod, request: Uint8Array): boolean {
  try {
    call.request = method.deserializeRequest(
      Buffer.from(request.buffer, request.byteOffset, request.byteLength),
    );
    return true;
  } catch (error) {
    call.finish(internal(`Error deserializing request: ${(error as Error).message}`));
    return false;
  }
}

function replyCallback(call: InProcessServerCall, method: InProcessMethod): Callback {
  return (error, value) => {
    if (error) {
      call.finish(statusOf(error));
      return;
    }
    let reply: Buffer;
    try {
      reply = method.serializeResponse(value);
    } catch (thrown) {
      call.finish(internal(`Error serializing response: ${(thrown as Error).message}`));
      return;
    }
    call.finish({ code: grpc.status.OK, details: "OK", metadata: new grpc.Metadata(), reply });
  };
}

function run(method: InProcessMethod, call: InProcessServerCall, callback?: Callback): void {
  try {
    (method.handler as unknown as Handler)(call, callback);
  } catch (error) {
    call.finish(statusOf(error));
  }
}

function settle(ended: EndedCall, resolve: (reply: Buffer) => void, reject: (error: unknown) => void): void {
  if (ended.code === grpc.status.OK && ended.reply) resolve(ended.reply);
  else reject(serviceError(ended));
}

/** The error a grpc-js client rejects with (its callErrorFromStatus). */
export function serviceError(ended: EndedCall): grpc.ServiceError {
  const { code, details } = ended;
  const error = new Error(`${code} ${grpc.status[code]}: ${details}`);
  return Object.assign(error, { code, details, metadata: ended.metadata.clone() });
}

function invalidMetadata(error: unknown): EndedCall {
  const details = error instanceof Error ? error.message : String(error);
  return { code: grpc.status.INVALID_ARGUMENT, details, metadata: new grpc.Metadata() };
}

function unused(): Buffer {
  throw new Error("no such method");
}
