import { randomUUID } from "node:crypto";
import type * as grpc from "@grpc/grpc-js";
import type { Logger } from "pino";
import { parseAuthorization } from "../auth/authorization-header.js";
import type { TokenVerifier } from "../auth/token-service.js";
import { DomainError } from "../errors/domain-error.js";
import type { MethodNames } from "./server-span.js";

export interface CallContext {
  /** From metadata x-request-id, or a new uuid. */
  requestId: string;
  /**
   * A child logger carrying requestId and method, made the first time it is read: most calls
   * log nothing, and a pino child costs more than the rest of the context.
   */
  readonly logger: Logger;
  metadata: grpc.Metadata;
  /** The value of the `authorization` metadata, if any. */
  authorization: string | undefined;
  /**
   * Who is calling: the HTTP client's address the gateway forwards (`x-client-address`), else
   * the gRPC peer (an internal caller).
   */
  clientAddress: string;
  /** The verified JWT's claims on a protected method (e.g. the kb's `name` and `role`). */
  claims?: Readonly<Record<string, unknown>>;
  /**
   * Aborts when the client cancels the call or its deadline passes; long work (SQL streams,
   * ffmpeg) must stop on it. Its reason is a DOMException named "AbortError" or "TimeoutError".
   * Made the first time it is read.
   */
  readonly signal: AbortSignal;
}

/** The parts of a grpc-js server call (unary or streaming) a context is built from. */
export interface ServerCallLike {
  metadata: grpc.Metadata;
  getDeadline(): grpc.Deadline;
  getPeer?(): string;
  on(event: "cancelled", listener: () => void): unknown;
}

export interface LiveCallContext {
  ctx: CallContext;
  /**
   * Why the call was cut short, if it was: the client cancelled it, or its deadline has passed
   * (checked now). Reads no signal, so a call whose handler never asked for one makes none.
   */
  interruption(): "cancelled" | "deadline" | undefined;
  /** Stops watching the call for cancellation; call it once the call has ended, before replying. */
  release(): void;
}

const REQUEST_ID_PATTERN = /^[\w.:/+=-]{1,128}$/;
/** Metadata key of the HTTP client's address, set by the gateway. */
export const CLIENT_ADDRESS_KEY = "x-client-address";

export function openCallContext(call: ServerCallLike, names: MethodNames, parent: Logger): LiveCallContext {
  const given = firstText(call.metadata, "x-request-id");
  const requestId = given !== undefined && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
  const watch = new CancellationWatch(deadlineMillis(call.getDeadline()));
  // grpc-js also reports "cancelled" when the stream closes after the reply: the watch has
  // been released by then, and ignores it.
  call.on("cancelled", () => watch.cancel());
  const logger = lazyChildLogger(parent, requestId, `${names.service}/${names.method}`);
  const ctx: CallContext = {
    requestId,
    get logger() {
      return logger();
    },
    metadata: call.metadata,
    authorization: firstText(call.metadata, "authorization"),
    clientAddress: firstText(call.metadata, CLIENT_ADDRESS_KEY) ?? call.getPeer?.() ?? "unknown",
    get signal() {
      return watch.signal();
    },
  };
  return { ctx, interruption: () => watch.interruption(), release: () => watch.release() };
}

/** A child logger made on first use. */
function lazyChildLogger(parent: Logger, requestId: string, method: string): () => Logger {
  let logger: Logger | undefined;
  return () => {
    logger ??= parent.child({ requestId, method });
    return logger;
  };
}

/**
 * A call's cancellation and deadline, made into an AbortSignal only when a handler asks for one
 * (long work: SQL streams, ffmpeg): most calls are short reads that never do, and an
 * AbortController, a deadline timer and a DOMException per call are then wasted work.
 */
class CancellationWatch {
  private controller: AbortController | undefined;
  private timer: NodeJS.Timeout | undefined;
  private cancelled = false;
  private released = false;

  constructor(private readonly deadline: number) {}

  signal(): AbortSignal {
    if (this.controller) return this.controller.signal;
    this.controller = new AbortController();
    if (this.cancelled) this.controller.abort(cancelledReason());
    else if (Date.now() >= this.deadline) this.controller.abort(deadlineReason());
    else if (!this.released && Number.isFinite(this.deadline)) {
      // grpc-js ends a call whose deadline passed without telling the handler, so watch it here.
      this.timer = setTimeout(() => this.controller?.abort(deadlineReason()), this.deadline - Date.now());
      this.timer.unref();
    }
    return this.controller.signal;
  }

  cancel(): void {
    if (this.released || this.cancelled) return;
    this.cancelled = true;
    this.controller?.abort(cancelledReason());
  }

  interruption(): "cancelled" | "deadline" | undefined {
    const reason: unknown = this.controller?.signal.reason;
    if (reason instanceof DOMException) return reason.name === "TimeoutError" ? "deadline" : "cancelled";
    if (this.cancelled) return "cancelled";
    return Date.now() >= this.deadline ? "deadline" : undefined;
  }

  release(): void {
    this.released = true;
    clearTimeout(this.timer);
  }
}

function cancelledReason(): DOMException {
  return new DOMException("The client cancelled the call", "AbortError");
}

function deadlineReason(): DOMException {
  return new DOMException("The call's deadline passed", "TimeoutError");
}

export async function authenticate(ctx: CallContext, tokens: TokenVerifier): Promise<void> {
  const credentials = parseAuthorization(ctx.authorization);
  if (credentials?.kind !== "bearer") throw DomainError.unauthenticated("Missing token");
  try {
    ctx.claims = await tokens.verifyClaims(credentials.token);
  } catch (error) {
    ctx.logger.debug({ err: error }, "bearer token rejected");
    throw DomainError.unauthenticated("Invalid token");
  }
}

/** The deadline in epoch milliseconds; Infinity when the call has none. */
function deadlineMillis(deadline: grpc.Deadline): number {
  return deadline instanceof Date ? deadline.getTime() : deadline;
}

function firstText(metadata: grpc.Metadata, key: string): string | undefined {
  const value = metadata.get(key)[0];
  return typeof value === "string" ? value : undefined;
}
