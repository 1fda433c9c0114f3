/**
 * Generic calls to one domain's gRPC server: the engine encodes and decodes with protobufjs,
 * so the channel only moves bytes.
 */
import * as grpc from "@grpc/grpc-js";
import { GATEWAY_CHANNEL_OPTIONS } from "../../../services/kit/grpc/transport-options.js";
import type {
  ClientStreamCall,
  DomainTransport,
  StreamCallOptions,
  UnaryCallOptions,
} from "./domain-transport.js";

const passBytes = (bytes: Buffer): Buffer => bytes;

export class DomainClient implements DomainTransport {
  private readonly client: grpc.Client;

  constructor(
    readonly domain: string,
    /** A grpc-js target: host:port, `dns:///name:port`, `ipv4:host:port,host:port`, `unix:path`. */
    readonly address: string,
    /** The gateway's channel options for this domain (channel-config.ts: balancing and retries). */
    channelOptions: grpc.ChannelOptions = GATEWAY_CHANNEL_OPTIONS,
  ) {
    this.client = new grpc.Client(address, grpc.credentials.createInsecure(), channelOptions);
  }

  /** Resolves with the reply's bytes, or rejects with the call's grpc.ServiceError. */
  unary(path: string, request: Uint8Array, options: UnaryCallOptions): Promise<Buffer> {
    const { closedBy } = options;
    return new Promise((resolve, reject) => {
      const cancel = () => call.cancel();
      const call = this.client.makeUnaryRequest(
        path,
        passBytes,
        passBytes,
        toBuffer(request),
        options.metadata,
        { deadline: Date.now() + options.timeoutMillis },
        (error, reply) => {
          closedBy?.off("close", cancel);
          if (error || !reply) reject(error);
          else resolve(reply);
        },
      );
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
      options.metadata,
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
        options.metadata,
        {},
        (error, bytes) => (error || !bytes ? reject(error) : resolve(bytes)),
      );
    });
    if (!call) throw new Error("grpc-js did not start the call");
    return { call, reply };
  }

  /** False while the channel has no live connection, e.g. after UNAVAILABLE because the domain is down. */
  isConnected(): boolean {
    return this.client.getChannel().getConnectivityState(false) === grpc.connectivityState.READY;
  }

  close(): void {
    this.client.close();
  }
}

function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
