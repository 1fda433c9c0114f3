/**
 * How the engine calls a domain: with the request's protobuf bytes, getting the reply's bytes.
 * DomainClient does it over gRPC; in the all-in-one, where the domains run in the gateway's
 * process, the kit's InProcessTransport calls their handlers directly. Both fail alike: with a
 * grpc-js ServiceError-like error (code, details, metadata) carrying the call's status.
 */
import type { CallMetadata } from "../../../services/kit/grpc/call-metadata.js";
import type { ClosingSource } from "../../../services/kit/grpc/closing-source.js";

export interface UnaryCallOptions {
  metadata: CallMetadata;
  timeoutMillis: number;
  /** The call is cancelled if this closes before the reply (the HTTP client went away). */
  closedBy?: ClosingSource;
}

/** Streamed calls last as long as the client keeps reading or sending; a disconnect cancels them. */
export interface StreamCallOptions {
  metadata: CallMetadata;
}

/** A server-streaming call's reply messages; iterating throws the call's error. */
export interface ReplyStream extends AsyncIterable<Buffer> {
  /** Cancels the call; the domain's handler sees it cancelled. */
  cancel(): void;
}

/** The request side of a client-streaming call. */
export interface RequestStream {
  /** `done` runs once the message is taken, so a slow domain slows the writer down. */
  write(message: Buffer, done?: () => void): boolean;
  /** The last message was written. */
  end(): void;
  cancel(): void;
}

export interface ClientStreamCall {
  /** Write request messages, then end(). */
  call: RequestStream;
  /** The single reply's bytes, or the call's error. */
  reply: Promise<Buffer>;
}

export interface DomainTransport {
  readonly domain: string;
  /** Resolves with the reply's bytes, or rejects with the call's error. */
  unary(path: string, request: Uint8Array, options: UnaryCallOptions): Promise<Buffer>;
  serverStream(path: string, request: Uint8Array, options: StreamCallOptions): ReplyStream;
  /** A client-streaming call; its reply settles once the call ends. */
  clientStream(path: string, options: StreamCallOptions): ClientStreamCall;
  /** False while the domain cannot be reached (UNAVAILABLE then means it is down, not busy). */
  isConnected(): boolean;
  close(): void;
}
