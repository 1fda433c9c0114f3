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
   */
  signal: AbortSignal;
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
  /** Stops watching the call for cancellation; call it once the call has ended. */
  release(): void;
}

const REQUEST_ID_PATTERN = /^[\w.:/+=-]{1,128}$/;
/** Metadata key of the HTTP client's address, set by the gateway. */
export const CLIENT_ADDRESS_KEY = "x-client-address";

export function openCallContext(call: ServerCallLike, names: MethodNames, parent: Logger): LiveCallContext {
  const given = firstText(call.metadata, "x-request-id");
  const requestId = given !== undefined && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
  const controller = new AbortController();
  let ended = false;
  // grpc-js also reports "cancelled" when the stream closes after the reply: nothing to stop then.
  call.on("cancelled", () => {
    if (!ended) controller.abort(new DOMException("The client cancelled the call", "AbortError"));
  });
  // grpc-js ends a call whose deadline passed without telling the handler, so watch it here too.
  const timer = deadlineTimer(call.getDeadline(), () =>
    controller.abort(new DOMException("The call's deadline passed", "TimeoutError")),
  );
  let logger: Logger | undefined;
  const ctx: CallContext = {
    requestId,
    get logger() {
      logger ??= parent.child({ requestId, method: `${names.service}/${names.method}` });
      return logger;
    },
    metadata: call.metadata,
    authorization: firstText(call.metadata, "authorization"),
    clientAddress: firstText(call.metadata, CLIENT_ADDRESS_KEY) ?? call.getPeer?.() ?? "unknown",
    signal: controller.signal,
  };
  const release = () => {
    ended = true;
    clearTimeout(timer);
  };
  return { ctx, release };
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

function deadlineTimer(deadline: grpc.Deadline, onPassed: () => void): NodeJS.Timeout | undefined {
  const at = deadline instanceof Date ? deadline.getTime() : deadline;
  if (!Number.isFinite(at)) return undefined;
  const timer = setTimeout(onPassed, Math.max(0, at - Date.now()));
  timer.unref();
  return timer;
}

function firstText(metadata: grpc.Metadata, key: string): string | undefined {
  const value = metadata.get(key)[0];
  return typeof value === "string" ? value : undefined;
}
