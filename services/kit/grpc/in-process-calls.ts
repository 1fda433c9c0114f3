/**
 * Server call objects that behave as grpc-js' own for the handlers the kit binds (and for
 * health): metadata, deadline, peer, "cancelled", a reply written once. The in-process
 * transport hands them to the handlers instead of a call that came over HTTP/2.
 */
import { EventEmitter } from "node:events";
import * as grpc from "@grpc/grpc-js";

/** What ends a call: its status, and a unary or client-streaming call's reply bytes. */
export interface EndedCall {
  code: grpc.status;
  details: string;
  metadata: grpc.Metadata;
  reply?: Buffer;
}

/** Messages a stream buffers before write() asks the writer to wait, as grpc-js' object streams do. */
export const HIGH_WATER_MARK = 16;
const PEER = "in-process";

/** The parts of every call: a call ends once; whatever the handler sends after that is dropped. */
export class InProcessServerCall extends EventEmitter {
  cancelled = false;
  request: unknown;
  private ended = false;

  constructor(
    readonly metadata: grpc.Metadata,
    private readonly deadline: number,
    private readonly path: string,
    private readonly onEnd: (ended: EndedCall) => void,
    private readonly peer: string = PEER,
  ) {
    super();
  }

  getDeadline(): grpc.Deadline {
    return this.deadline;
  }

  getPeer(): string {
    return this.peer;
  }

  getPath(): string {
    return this.path;
  }

  sendMetadata(): void {}

  get hasEnded(): boolean {
    return this.ended;
  }

  /** Ends the call with this outcome; false when it had already ended. */
  finish(ended: EndedCall): boolean {
    if (this.ended) return false;
    this.ended = true;
    this.onEnded();
    this.onEnd(ended);
    return true;
  }

  /** The client gave up (or the server stops): the handler sees "cancelled", as over the network. */
  cancel(code: grpc.status, details: string): void {
    if (!this.finish({ code, details, metadata: new grpc.Metadata() })) return;
    this.cancelled = true;
    this.onCancelled();
    this.emit("cancelled", "cancelled");
  }

  /** Runs once, when the call ends whichever way. */
  protected onEnded(): void {}

  protected onCancelled(): void {}
}

/** Where a server-streaming call's messages go: the client's queue. */
export interface ReplySink {
  /** False once the queue is full: the writer should wait for "drain". */
  push(bytes: Buffer): boolean;
}

/** A server-streaming call: write(), end(), "error" with a status, "drain" once there is room. */
export class InProcessWritableCall extends InProcessServerCall {
  destroyed = false;

  constructor(
    metadata: grpc.Metadata,
    path: string,
    private readonly serialize: (value: unknown) => Buffer,
    private readonly sink: ReplySink,
    onEnd: (ended: EndedCall) => void,
  ) {
    super(metadata, Number.POSITIVE_INFINITY, path, onEnd);
    this.on("error", (error: unknown) => this.finish(statusOf(error)));
  }

  write(message: unknown): boolean {
    if (this.hasEnded) return false;
    let bytes: Buffer;
    try {
      bytes = this.serialize(message);
    } catch (error) {
      this.finish(internal(`Error serializing response: ${messageOf(error)}`));
      return false;
    }
    return this.sink.push(bytes);
  }

  end(): void {
    this.finish({ code: grpc.status.OK, details: "OK", metadata: new grpc.Metadata() });
  }

  protected override onEnded(): void {
    this.destroyed = true;
  }

  protected override onCancelled(): void {
    this.emit("close");
  }
}

interface PendingRequest {
  message: unknown;
  /** The writer's callback, held while the queue is full. */
  taken?: () => void;
}

/** A client-streaming call: an async iterable of the request messages the client writes. */
export class InProcessReadableCall extends InProcessServerCall {
  private readonly requests: PendingRequest[] = [];
  private halfClosed = false;
  private wake: (() => void) | undefined;

  /** Queues a request; `taken` runs once there is room (at once while the queue is short). */
  pushRequest(message: unknown, taken: () => void): void {
    const room = this.requests.length < HIGH_WATER_MARK;
    this.requests.push(room ? { message } : { message, taken });
    if (room) taken();
    this.wakeReader();
  }

  /** The client wrote its last request. */
  halfClose(): void {
    this.halfClosed = true;
    this.wakeReader();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<unknown> {
    for (;;) {
      // A cancelled call's stream fails, as grpc-js' does ("premature close").
      if (this.cancelled) throw prematureClose();
      const next = this.requests.shift();
      if (next) {
        const waiting = this.requests[HIGH_WATER_MARK - 1];
        if (waiting?.taken) {
          waiting.taken();
          waiting.taken = undefined;
        }
        yield next.message;
      } else if (this.halfClosed) {
        return;
      } else {
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
      }
    }
  }

  /** The writer is not held back by a call that will read no more. */
  protected override onEnded(): void {
    for (const request of this.requests) request.taken?.();
    for (const request of this.requests) request.taken = undefined;
  }

  protected override onCancelled(): void {
    this.requests.length = 0;
    this.wakeReader();
  }

  private wakeReader(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}

/** The status grpc-js sends for what a handler passed as its error (its serverErrorToStatus). */
export function statusOf(error: unknown): EndedCall {
  const given = (error ?? {}) as { code?: unknown; details?: unknown; message?: unknown; metadata?: unknown };
  const hasCode = typeof given.code === "number" && Number.isInteger(given.code);
  const message = typeof given.message === "string" ? given.message : "Unknown Error";
  return {
    code: hasCode ? (given.code as grpc.status) : grpc.status.UNKNOWN,
    details: hasCode && typeof given.details === "string" ? given.details : message,
    metadata: given.metadata instanceof grpc.Metadata ? given.metadata : new grpc.Metadata(),
  };
}

export function internal(details: string): EndedCall {
  return { code: grpc.status.INTERNAL, details, metadata: new grpc.Metadata() };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function prematureClose(): Error {
  return Object.assign(new Error("Premature close"), { code: "ERR_STREAM_PREMATURE_CLOSE" });
}
