/**
 * Generic calls to one domain's gRPC server: the engine encodes and decodes with protobufjs,
 * so the channel only moves bytes. Unary calls go over the gateway's own HTTP/2 client
 * (http2-unary-client.ts) unless `unaryCalls` is "grpc-js"; streaming calls over grpc-js.
 */
import * as grpc from "@grpc/grpc-js";
import { toGrpcMetadata } from "../../../services/kit/grpc/call-metadata.js";
import { balancedChannelOptions, type UnaryCalls } from "./channel-config.js";
import type {
  ClientStreamCall,
  DomainTransport,
  StreamCallOptions,
  UnaryCallOptions,
} from "./domain-transport.js";
import { serviceErrorOf } from "./grpc-wire.js";
import { Http2UnaryClient } from "./http2-unary-client.js";

const passBytes = (bytes: Buffer): Buffer => bytes;
const ignoreMetadata = (): void => {};

export interface DomainClientOptions {
  /** `package.Service/Method` of the rpcs retried after UNAVAILABLE (channel-config.ts: idempotentRpcs). */
  idempotent?: readonly string[];
  /** How the unary calls are made; default "exchange". */
  unaryCalls?: UnaryCalls;
}

export class DomainClient implements DomainTransport {
  private readonly client: grpc.Client;
  private readonly http2: Http2UnaryClient | undefined;

  constructor(
    readonly domain: string,
    /** A grpc-js target: host:port, `dns:///name:port`, `ipv4:host:port,host:port`, `unix:path`. */
    readonly address: string,
    options: DomainClientOptions = {},
  ) {
    const idempotent = options.idempotent ?? [];
    this.client = new grpc.Client(
      address,
      grpc.credentials.createInsecure(),
      balancedChannelOptions(idempotent),
    );
    const unaryCalls = options.unaryCalls ?? "exchange";
    if (unaryCalls !== "grpc-js") {
      const retried = new Set(idempotent.map((rpc) => `/${rpc}`));
      this.http2 = new Http2UnaryClient(address, retried, unaryCalls === "exchange");
    }
  }

  /**
   * Resolves with the reply's bytes, or rejects with a grpc.ServiceError-like error. The call
   * goes straight to the channel (its name resolution, balancing and deadline), past grpc-js'
   * Client.makeUnaryRequest: that layer adds interceptor wrappers, an event emitter and an Error
   * with the caller's stack to every call, which the gateway never uses (a third of grpc-js' own
   * CPU per call in a profile of the split registry).
   */
  unary(path: string, request: Uint8Array, options: UnaryCallOptions): Promise<Buffer> {
    if (this.http2) return this.http2.unary(path, request, options);
    const { closedBy } = options;
    return new Promise((resolve, reject) => {
      const call = this.client
        .getChannel()
        .createCall(path, Date.now() + options.timeoutMillis, null, null, 0);
      const cancel = () => call.cancelWithStatus(grpc.status.CANCELLED, "Cancelled on client");
      let reply: Buffer | undefined;
      call.start(toGrpcMetadata(options.metadata), {
        onReceiveMetadata: ignoreMetadata,
        onReceiveMessage: (message: Buffer) => {
          if (reply === undefined) reply = message;
          else call.cancelWithStatus(grpc.status.UNIMPLEMENTED, "Too many responses received");
        },
        onReceiveStatus: (status) => {
          closedBy?.off("close", cancel);
          if (status.code === grpc.status.OK && reply !== undefined) resolve(reply);
          else reject(serviceErrorOf(status.code === grpc.status.OK ? noReply() : status));
        },
      });
      call.startRead();
      call.sendMessageWithContext({}, toBuffer(request));
      call.halfClose();
      closedBy?.once("close", cancel);
    });
  }

  /** A server-streaming call: a readable stream of the reply messages' bytes. */
  serverStream(
    path: string,
    request: Uint8Array,
    options: StreamCallOptions,
  ): grpc.ClientReadableStream<Buffer> {
    return this.client.makeServerStreamRequest(
      path,
      passBytes,
      passBytes,
      toBuffer(request),
      toGrpcMetadata(options.metadata),
      {},
    );
  }

  /** A client-streaming call; its reply settles once the call ends. */
  clientStream(path: string, options: StreamCallOptions): ClientStreamCall {
    let call: grpc.ClientWritableStream<Buffer> | undefined;
    const reply = new Promise<Buffer>((resolve, reject) => {
      call = this.client.makeClientStreamRequest(
        path,
        passBytes,
        passBytes,
        toGrpcMetadata(options.metadata),
        {},
        (error, bytes) => (error || !bytes ? reject(error) : resolve(bytes)),
      );
    });
    if (!call) throw new Error("grpc-js did not start the call");
    return { call, reply };
  }

  /**
   * False while neither the unary calls' connections nor the streams' channel are up, e.g. after
   * UNAVAILABLE because the domain is down.
   */
  isConnected(): boolean {
    if (this.http2?.isConnected()) return true;
    return this.client.getChannel().getConnectivityState(false) === grpc.connectivityState.READY;
  }

  close(): void {
    this.http2?.close();
    this.client.close();
  }
}

function noReply(): grpc.StatusObject {
  return { code: grpc.status.UNIMPLEMENTED, details: "No message received", metadata: new grpc.Metadata() };
}

function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
