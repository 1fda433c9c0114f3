/**
 * Generic unary calls to one domain's gRPC server: the engine encodes and decodes with
 * protobufjs, so the channel only moves bytes.
 */
import * as grpc from "@grpc/grpc-js";

const passBytes = (bytes: Buffer): Buffer => bytes;

export interface UnaryCallOptions {
  metadata: grpc.Metadata;
  timeoutMillis: number;
  /** Aborting cancels the call (the HTTP client went away). */
  signal?: AbortSignal;
}

export class DomainClient {
  private readonly client: grpc.Client;

  constructor(
    readonly domain: string,
    readonly address: string,
  ) {
    // Replies such as TSV exports and images may exceed grpc-js' 4 MB default.
    this.client = new grpc.Client(address, grpc.credentials.createInsecure(), {
      "grpc.max_receive_message_length": -1,
      "grpc.max_send_message_length": -1,
    });
  }

  /** Resolves with the reply's bytes, or rejects with the call's grpc.ServiceError. */
  unary(path: string, request: Uint8Array, options: UnaryCallOptions): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const call = this.client.makeUnaryRequest(
        path,
        passBytes,
        passBytes,
        Buffer.from(request.buffer, request.byteOffset, request.byteLength),
        options.metadata,
        { deadline: Date.now() + options.timeoutMillis },
        (error, reply) => (error || !reply ? reject(error) : resolve(reply)),
      );
      options.signal?.addEventListener("abort", () => call.cancel(), { once: true });
    });
  }

  /** False while the channel has no live connection, e.g. after UNAVAILABLE because the domain is down. */
  isConnected(): boolean {
    return this.client.getChannel().getConnectivityState(false) === grpc.connectivityState.READY;
  }

  close(): void {
    this.client.close();
  }
}
