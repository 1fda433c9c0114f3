import * as grpc from "@grpc/grpc-js";
import type { Logger } from "pino";
import type { TokenVerifier } from "../../../services/kit/auth/token-service.js";
import { DomainError } from "../../../services/kit/errors/domain-error.js";
import { bindService, type ServiceBinding } from "../../../services/kit/grpc/bind-service.js";
import { declareAccess } from "../../../services/kit/grpc/method-access.js";

/** Streaming methods for exercising the kit: JSON on the wire, since grpc-js does not care. */
export interface CountRequest {
  count?: number;
  failAt?: number;
  endless?: boolean;
}

export interface Item {
  n: number;
}

function method<Req, Res>(name: string, requestStream: boolean, responseStream: boolean) {
  return {
    path: `/m3.testing.v1.StreamProbeService/${name}`,
    requestStream,
    responseStream,
    requestSerialize: (value: Req): Buffer => Buffer.from(JSON.stringify(value)),
    requestDeserialize: (bytes: Buffer): Req => JSON.parse(bytes.toString()) as Req,
    responseSerialize: (value: Res): Buffer => Buffer.from(JSON.stringify(value)),
    responseDeserialize: (bytes: Buffer): Res => JSON.parse(bytes.toString()) as Res,
  };
}

export const StreamProbeService = {
  count: { ...method<CountRequest, Item>("Count", false, true), requestStream: false, responseStream: true },
  sum: { ...method<Item, Item>("Sum", true, false), requestStream: true, responseStream: false },
  hold: { ...method<CountRequest, Item>("Hold", false, false), requestStream: false, responseStream: false },
  guardedCount: {
    ...method<CountRequest, Item>("GuardedCount", false, true),
    requestStream: false,
    responseStream: true,
  },
} as const;

/** The guarded count needs a JWT, to show a streaming method refused before it runs. */
export const STREAM_PROBE_ACCESS = declareAccess(StreamProbeService, {
  count: "none",
  sum: "none",
  hold: "none",
  guardedCount: "jwt",
});

/** What the handlers saw, for the tests to inspect. */
export interface StreamProbeLog {
  produced: number;
  /** The abort reason's name seen by the first streaming call whose signal aborted. */
  aborted: Promise<string>;
  /** Resolves once the unary Hold method, which waits until its call is cancelled, has started. */
  holdStarted: Promise<void>;
  /** The abort reason's name seen by Hold. */
  holdAborted: Promise<string>;
}

export function streamProbeBinding(
  tokens: TokenVerifier,
  logger: Logger,
): {
  binding: ServiceBinding;
  log: StreamProbeLog;
} {
  let markAborted: (reason: string) => void = () => {};
  let markHoldAborted: (reason: string) => void = () => {};
  let markHoldStarted: () => void = () => {};
  const log: StreamProbeLog = {
    produced: 0,
    aborted: new Promise((resolve) => {
      markAborted = resolve;
    }),
    holdStarted: new Promise((resolve) => {
      markHoldStarted = resolve;
    }),
    holdAborted: new Promise((resolve) => {
      markHoldAborted = resolve;
    }),
  };
  async function* count(request: CountRequest, ctx: { signal: AbortSignal }): AsyncGenerator<Item> {
    ctx.signal.addEventListener("abort", () => markAborted(String((ctx.signal.reason as Error).name)));
    const total = request.endless ? Number.POSITIVE_INFINITY : (request.count ?? 0);
    for (let n = 0; n < total; n++) {
      if (n === request.failAt)
        throw new DomainError("NOT_FOUND", "NO_MORE", `no item ${n}`, { "retry-after": "2" });
      log.produced++;
      yield { n };
    }
  }
  const binding = bindService(
    StreamProbeService,
    {
      count,
      guardedCount: count,
      hold: (_request, ctx) =>
        new Promise<Item>((_resolve, reject) => {
          markHoldStarted();
          ctx.signal.addEventListener("abort", () => {
            markHoldAborted((ctx.signal.reason as Error).name);
            reject(ctx.signal.reason);
          });
        }),
      sum: async (requests) => {
        let n = 0;
        for await (const item of requests) n += item.n;
        return { n };
      },
    },
    { declaration: STREAM_PROBE_ACCESS, tokens, logger },
  );
  return { binding, log };
}

export type StreamProbeClient = grpc.Client & Record<string, (...args: unknown[]) => unknown>;

export function streamProbeClient(address: string): StreamProbeClient {
  const Client = grpc.makeGenericClientConstructor(StreamProbeService, "StreamProbeService");
  return new Client(address, grpc.credentials.createInsecure()) as unknown as StreamProbeClient;
}
