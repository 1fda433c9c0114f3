/**
 * The fixture StreamService served by the real kit (bindService, startGrpcServer) with the
 * real gateway in front of it: the streaming tests run end to end over HTTP and gRPC.
 */
import { createHash } from "node:crypto";
import type { ExecutionContext } from "ava";
import { pino } from "pino";
import { startGateway } from "../../../gateway/src/server/gateway-listener.js";
import { TokenService } from "../../../services/kit/auth/token-service.js";
import { DomainError } from "../../../services/kit/errors/domain-error.js";
import { bindService } from "../../../services/kit/grpc/bind-service.js";
import { startGrpcServer } from "../../../services/kit/grpc/grpc-server.js";
import { FIXTURE_PROTO_ROOT } from "./fake-sample-server.js";
import { streamRoutes } from "./stream-routes.js";
import { STREAM_ACCESS, StreamServiceDefinition } from "./stream-service.js";
import { HARNESS_TRANSPORT, type TestTransport, targetOf } from "./test-transport.js";

/** The deterministic bytes DownloadBlob streams: byte i is (i * 31 + 7) mod 256. */
export function blobBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + 7) % 256;
  return bytes;
}

/** How long a test waits for a call's abort to reach the service. */
const ABORT_WAIT_MILLIS = 10_000;

/** What the service saw, for the tests to inspect. */
export class StreamServiceProbe {
  /** Items the ListItems handler has yielded so far, over all calls. */
  itemsProduced = 0;
  /** UploadBlob calls that read their stream to the end. */
  uploadsCompleted = 0;
  /** Called with the bytes UploadBlob has received so far, after each chunk. */
  onUploadProgress: (bytes: number) => void = () => {};
  /** One entry per call whose ctx.signal aborted: the method and the abort reason's name. */
  readonly aborts: { method: string; reason: string }[] = [];
  private waiters: (() => void)[] = [];

  /** Records the abort of the call's signal, even one that came before the handler ran. */
  watch(method: string, signal: AbortSignal): void {
    if (signal.aborted) this.aborted(method, signal);
    else signal.addEventListener("abort", () => this.aborted(method, signal));
  }

  private aborted(method: string, signal: AbortSignal): void {
    this.aborts.push({ method, reason: (signal.reason as Error).name });
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  /**
   * Resolves once a call of the method has seen its signal abort; fails after ABORT_WAIT_MILLIS
   * (a call that never reached the service never aborts), so the test fails by its name.
   */
  async abortOf(method: string): Promise<string> {
    const giveUpAt = Date.now() + ABORT_WAIT_MILLIS;
    for (;;) {
      const seen = this.aborts.find((entry) => entry.method === method);
      if (seen) return seen.reason;
      const left = giveUpAt - Date.now();
      if (left <= 0) throw new Error(`no call of ${method} was aborted within ${ABORT_WAIT_MILLIS} ms`);
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        timer = setTimeout(resolve, left);
      });
      clearTimeout(timer);
    }
  }
}

function streamBinding(tokens: TokenService, probe: StreamServiceProbe) {
  return bindService(
    StreamServiceDefinition,
    {
      async *listItems(request, ctx) {
        probe.watch("listItems", ctx.signal);
        if (request.fail_first) {
          throw new DomainError("UNAVAILABLE", "BUSY", "Try again later", { "http-header-retry-after": "2" });
        }
        const count = request.endless ? Number.POSITIVE_INFINITY : Number(request.count);
        const pageSize = Math.max(1, Number(request.page_size));
        const padding = "x".repeat(Number(request.padding));
        let pages = 0;
        for (let first = 0; first < count; first += pageSize) {
          if (request.fail_after_pages && pages === request.fail_after_pages) {
            throw DomainError.notFound("The items ran out");
          }
          const items = [];
          for (let n = first; n < Math.min(count, first + pageSize); n++) {
            items.push({
              item_number: n,
              display_name: `item ${n}${padding}`,
              ...(n % 2 === 0 ? { note: `even ${n}` } : {}),
              created_timestamp: { seconds: 1_700_000_000 + n, nanos: 0 },
            });
          }
          probe.itemsProduced += items.length;
          pages++;
          yield pages === 1 ? { items, requested: request.count } : { items };
        }
      },
      async *downloadBlob(request) {
        const bytes = blobBytes(Number(request.size));
        const chunkSize = Math.max(1, Number(request.chunk_size));
        yield {
          content_type: "application/x-fixture",
          filename: request.filename,
          data: bytes.subarray(0, chunkSize),
        };
        for (let offset = chunkSize; offset < bytes.length; offset += chunkSize) {
          yield { data: bytes.subarray(offset, offset + chunkSize) };
        }
      },
      async uploadBlob(requests, ctx) {
        probe.watch("uploadBlob", ctx.signal);
        const hash = createHash("sha256");
        let header: unknown;
        let size = 0;
        let chunks = 0;
        let largest = 0;
        for await (const request of requests) {
          if (request.part === "header") header = request.header;
          else if (request.chunk instanceof Uint8Array) {
            hash.update(request.chunk);
            size += request.chunk.byteLength;
            chunks++;
            largest = Math.max(largest, request.chunk.byteLength);
            probe.onUploadProgress(size);
          }
        }
        probe.uploadsCompleted++;
        return { header, size, sha256: hash.digest("hex"), chunks, largest_chunk: largest };
      },
    },
    { declaration: STREAM_ACCESS, tokens },
  );
}

export interface StreamStack {
  /** The gateway's origin, e.g. `http://127.0.0.1:40123`. */
  origin: string;
  probe: StreamServiceProbe;
  /** A valid `Authorization` header value. */
  bearer: string;
}

/**
 * The StreamService on the kit's gRPC server behind the real gateway, stopped after the test;
 * the gateway calls it through the transport M3_TEST_TRANSPORT names (gRPC by default).
 */
export async function startStreamStack(
  t: ExecutionContext,
  transport: TestTransport = HARNESS_TRANSPORT,
): Promise<StreamStack> {
  const logger = pino({ level: "silent" });
  const tokens = new TokenService({ signingSecret: "stream-fixture-secret", issuer: "http://www.mbari.org" });
  const probe = new StreamServiceProbe();
  const server = await startGrpcServer({
    name: "stream-fixture",
    host: "127.0.0.1",
    port: 0,
    bindings: [streamBinding(tokens, probe)],
    protoRoot: FIXTURE_PROTO_ROOT,
    protoFiles: [],
    logger,
  });
  t.teardown(() => server.shutdown(0));
  const gateway = await startGateway({
    targets: [targetOf(streamRoutes, server, transport)],
    protoRoot: FIXTURE_PROTO_ROOT,
    logger,
    port: 0,
    host: "127.0.0.1",
  });
  t.teardown(() => gateway.close());
  return { origin: `http://127.0.0.1:${gateway.port}`, probe, bearer: `Bearer ${await tokens.issue()}` };
}
