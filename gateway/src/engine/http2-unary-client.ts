/**
 * The gateway's unary calls to a domain on `node:http2`, past grpc-js, by default in messages of one
 * stream per connection (http2-call-exchange.ts), else a stream each: against an echo server in
 * another process a call costs the client about 9 µs of CPU by the exchange, 63 on a stream of its
 * own and 100 through grpc-js' channel (`npm run bench:unary-client`). It keeps what
 * the channel gave: calls round the target's addresses (http2-replicas.ts), the deadline, the
 * metadata (trace context among them), and the service config's retries (channel-config.ts):
 * - a read that failed with UNAVAILABLE is tried again, up to READ_RETRY_POLICY's attempts with
 *   its backoffs, while the budget (RETRY_BUDGET, gRPC's retryThrottling) allows;
 * - any call the server cannot have started (refused, or sent on a session told to go away) is
 *   sent again at once, as grpc-js' transparent retry does, writes too.
 * Streaming calls stay on grpc-js (grpc-caller.ts).
 */
import type { ClientHttp2Session } from "node:http2";
import { status as GrpcStatus } from "@grpc/grpc-js";
import { READ_RETRY_POLICY, RETRY_BUDGET } from "./channel-config.js";
import type { UnaryCallOptions } from "./domain-transport.js";
import { parseGrpcTarget } from "./grpc-target.js";
import { framedMessage, requestHeaders } from "./grpc-wire.js";
import { CallExchange, EXCHANGE_MAX_REQUEST_BYTES } from "./http2-call-exchange.js";
import { Http2Replicas } from "./http2-replicas.js";
import {
  type CallFailure,
  type Cancellation,
  cancelledStatus,
  deadlineExceededStatus,
  failure,
  sendUnary,
} from "./http2-unary-call.js";
import { retryStepAfter } from "./retry-step.js";

const BACKOFF = {
  initialMillis: seconds(READ_RETRY_POLICY.initialBackoff) * 1000,
  maxMillis: seconds(READ_RETRY_POLICY.maxBackoff) * 1000,
  multiplier: READ_RETRY_POLICY.backoffMultiplier,
};

export class Http2UnaryClient {
  private readonly replicas: Http2Replicas;
  private readonly authority: string;
  /** gRPC's retry throttling: failures spend a token, successes earn a share of one. */
  private tokens: number = RETRY_BUDGET.maxTokens;
  /** Each connection's stream of calls, when calls go by the exchange. */
  private readonly exchanges: WeakMap<ClientHttp2Session, CallExchange> | undefined;

  constructor(
    target: string,
    /** `/package.Service/Method` of the calls that may be retried after UNAVAILABLE. */
    private readonly retriedPaths: ReadonlySet<string>,
    /** Calls as messages of one stream per connection (http2-call-exchange.ts), else a stream each. */
    exchange = true,
  ) {
    if (exchange) this.exchanges = new WeakMap();
    const parsed = parseGrpcTarget(target);
    this.authority = parsed.authority;
    this.replicas = new Http2Replicas(parsed);
  }

  async unary(path: string, request: Uint8Array, options: UnaryCallOptions): Promise<Buffer> {
    const { closedBy } = options;
    const cancellation: Cancellation = { cancelled: false };
    if (closedBy === undefined) return this.attempts(path, request, options, cancellation);
    const cancel = () => {
      cancellation.cancelled = true;
      cancellation.cancel?.();
    };
    closedBy.once("close", cancel);
    try {
      return await this.attempts(path, request, options, cancellation);
    } finally {
      closedBy.off("close", cancel);
    }
  }

  private async attempts(
    path: string,
    request: Uint8Array,
    options: UnaryCallOptions,
    cancellation: Cancellation,
  ): Promise<Buffer> {
    const deadline = Date.now() + options.timeoutMillis;
    let frame: Buffer | undefined;
    const retried = this.retriedPaths.has(path);
    for (let attempt = 1; ; attempt++) {
      try {
        const session = this.replicas.nextReady() ?? (await this.replicas.pick(deadline));
        if (cancellation.cancelled) throw failure(cancelledStatus());
        const exchange = this.exchangeOf(session, request);
        let reply: Buffer;
        if (exchange) {
          reply = await exchange.call(path, request, options.metadata, deadline, cancellation);
        } else {
          const headers = requestHeaders(path, options.metadata, deadline - Date.now());
          headers[":authority"] = this.authority;
          frame ??= framedMessage(request);
          reply = await sendUnary(session, headers, frame, deadline, cancellation);
        }
        this.tokens = Math.min(RETRY_BUDGET.maxTokens, this.tokens + RETRY_BUDGET.tokenRatio);
        return reply;
      } catch (error) {
        const failed = error as CallFailure;
        if (failed.code === GrpcStatus.UNAVAILABLE) this.tokens = Math.max(0, this.tokens - 1);
        const step = retryStepAfter({
          code: failed.code,
          refused: failed.refused,
          attempt,
          deadlinePassed: Date.now() >= deadline,
          cancelled: cancellation.cancelled,
          retriedRead: retried,
          budgetAllows: this.budgetAllows(),
        });
        if (step === "fail") throw error;
        if (step === "deadline-exceeded") throw failure(deadlineExceededStatus());
        if (step === "send-after-backoff") {
          await pause(Math.min(backoffMillis(attempt), Math.max(0, deadline - Date.now())));
        }
      }
    }
  }

  /** The connection's exchange, if the call can go by it. */
  private exchangeOf(session: ClientHttp2Session, request: Uint8Array): CallExchange | undefined {
    if (!this.exchanges || request.byteLength > EXCHANGE_MAX_REQUEST_BYTES) return undefined;
    let exchange = this.exchanges.get(session);
    if (!exchange) {
      exchange = new CallExchange(session, this.authority);
      this.exchanges.set(session, exchange);
    }
    return exchange.usable ? exchange : undefined;
  }

  /** False while no replica is connected, e.g. after UNAVAILABLE because the domain is down. */
  isConnected(): boolean {
    return this.replicas.isConnected();
  }

  close(): void {
    this.replicas.close();
  }

  private budgetAllows(): boolean {
    return this.tokens > RETRY_BUDGET.maxTokens / 2;
  }
}

/** gRPC's backoff: a random share of the attempt's ceiling, which grows by the multiplier. */
function backoffMillis(attempt: number): number {
  const ceiling = Math.min(BACKOFF.initialMillis * BACKOFF.multiplier ** (attempt - 1), BACKOFF.maxMillis);
  return Math.random() * ceiling;
}

function pause(millis: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, millis));
}

/** A service config duration ("0.05s") in seconds. */
function seconds(duration: string): number {
  return Number(duration.replace(/s$/, ""));
}
