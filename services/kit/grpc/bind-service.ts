import { randomUUID } from "node:crypto";
import * as grpc from "@grpc/grpc-js";
import type { Logger } from "pino";
import { parseAuthorization } from "../auth/authorization-header.js";
import type { TokenVerifier } from "../auth/token-service.js";
import { DomainError } from "../errors/domain-error.js";
import { currentLogger, runWithLogger } from "../log/logger.js";
import { recordGrpcCall } from "../metrics/grpc-metrics.js";
import { type CallStatus, statusName, toCallStatus } from "./call-status.js";
import { InFlightCalls } from "./in-flight-calls.js";
import { type MethodNames, withServerSpan } from "./server-span.js";

export type { TokenVerifier };

export interface CallContext {
  /** From metadata x-request-id, or a new uuid. */
  requestId: string;
  /** A child logger carrying requestId and method. */
  logger: Logger;
  metadata: grpc.Metadata;
  /** The value of the `authorization` metadata, if any. */
  authorization: string | undefined;
  /** The verified JWT's claims on a protected method (e.g. the kb's `name` and `role`). */
  claims?: Readonly<Record<string, unknown>>;
}

type RequestOf<M> = M extends { requestDeserialize: (b: Buffer) => infer R } ? R : never;
type ResponseOf<M> = M extends { responseSerialize: (v: infer R) => Buffer } ? R : never;

export type UnaryHandlers<S> = {
  [K in keyof S]: (request: RequestOf<S[K]>, ctx: CallContext) => Promise<ResponseOf<S[K]>>;
};

export interface ServiceBinding {
  definition: grpc.ServiceDefinition;
  implementation: grpc.UntypedServiceImplementation;
  /** The calls being served; the server waits for them when it shuts down. */
  inFlight?: InFlightCalls;
}

export interface ServiceAccess<S> {
  /** Method keys (ts-proto camelCase, e.g. "getVideo") callable without a JWT. */
  publicMethods: readonly (keyof S & string)[];
  tokens: TokenVerifier;
  /** The parent of every call's logger; defaults to the root logger. */
  logger?: Logger;
}

type UnaryHandler = (request: unknown, ctx: CallContext) => Promise<unknown>;

interface MethodPlan {
  names: MethodNames;
  handler: UnaryHandler;
  requiresToken: boolean;
}

const REQUEST_ID_PATTERN = /^[\w.:/+=-]{1,128}$/;

/**
 * Wraps plain async handlers into a grpc-js implementation that authenticates, gives each
 * call a context and request-scoped logger, maps errors to statuses, and records metrics
 * and a span. Every method not listed as public requires a valid Bearer JWT.
 */
export function bindService<S extends grpc.ServiceDefinition>(
  definition: S,
  handlers: UnaryHandlers<S>,
  access: ServiceAccess<S>,
): ServiceBinding {
  const inFlight = new InFlightCalls();
  const implementation: grpc.UntypedServiceImplementation = {};
  for (const key of access.publicMethods) {
    if (!(key in definition)) throw new Error(`bindService: unknown public method "${key}"`);
  }
  for (const [key, method] of Object.entries(definition)) {
    if (method.requestStream || method.responseStream) {
      throw new Error(`bindService: ${method.path} is a streaming method, which is not supported yet`);
    }
    const handler = (handlers as Record<string, UnaryHandler | undefined>)[key];
    if (!handler) throw new Error(`bindService: no handler for ${method.path}`);
    const plan: MethodPlan = {
      names: methodNames(method.path),
      handler,
      requiresToken: !access.publicMethods.includes(key),
    };
    implementation[key] = unaryCall(plan, access, inFlight);
  }
  return { definition, implementation, inFlight };
}

type CallOutcome = { code: grpc.status.OK; response: unknown } | CallStatus;

function unaryCall<S>(
  plan: MethodPlan,
  access: ServiceAccess<S>,
  inFlight: InFlightCalls,
): grpc.handleUnaryCall<unknown, unknown> {
  return (call, callback) => {
    const startedAt = performance.now();
    const ctx = callContext(call.metadata, plan.names, access.logger ?? currentLogger());
    inFlight.enter();
    withServerSpan(plan.names, call.metadata, () =>
      runWithLogger(ctx.logger, () => settle(plan, access.tokens, call.request, ctx)),
    )
      .then((outcome) => {
        const seconds = (performance.now() - startedAt) / 1000;
        const code = statusName(outcome.code);
        recordGrpcCall({ ...plan.names, code, seconds });
        ctx.logger.debug({ code, durationMs: Math.round(seconds * 1000) }, "call handled");
        if ("response" in outcome) callback(null, outcome.response);
        else callback(outcome);
      })
      .catch((error: unknown) => ctx.logger.error({ err: error }, "could not send the reply"))
      .finally(() => inFlight.leave());
  };
}

/** Runs the handler (after the token check) and turns any failure into the status to send. */
async function settle(
  plan: MethodPlan,
  tokens: TokenVerifier,
  request: unknown,
  ctx: CallContext,
): Promise<CallOutcome> {
  try {
    if (plan.requiresToken) await authenticate(ctx, tokens);
    return { code: grpc.status.OK, response: await plan.handler(request, ctx) };
  } catch (error) {
    return toCallStatus(error, ctx.logger);
  }
}

function callContext(metadata: grpc.Metadata, names: MethodNames, parent: Logger): CallContext {
  const given = firstText(metadata, "x-request-id");
  const requestId = given !== undefined && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
  return {
    requestId,
    logger: parent.child({ requestId, method: `${names.service}/${names.method}` }),
    metadata,
    authorization: firstText(metadata, "authorization"),
  };
}

async function authenticate(ctx: CallContext, tokens: TokenVerifier): Promise<void> {
  const credentials = parseAuthorization(ctx.authorization);
  if (credentials?.kind !== "bearer") throw DomainError.unauthenticated("Missing token");
  try {
    ctx.claims = await tokens.verifyClaims(credentials.token);
  } catch (error) {
    ctx.logger.debug({ err: error }, "bearer token rejected");
    throw DomainError.unauthenticated("Invalid token");
  }
}

function firstText(metadata: grpc.Metadata, key: string): string | undefined {
  const value = metadata.get(key)[0];
  return typeof value === "string" ? value : undefined;
}

/** "/m3.registry.v1.VideoService/GetVideo" -> service and method names. */
function methodNames(path: string): MethodNames {
  const slash = path.lastIndexOf("/");
  return { service: path.slice(1, slash), method: path.slice(slash + 1) };
}
