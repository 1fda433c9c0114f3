import type * as grpc from "@grpc/grpc-js";
import type { Logger } from "pino";
import type { TokenVerifier } from "../auth/token-service.js";
import { grpcCallRecorder } from "../metrics/grpc-metrics.js";
import type { CallContext } from "./call-context.js";
import { type MethodPlan, runCall } from "./call-runner.js";
import { InFlightCalls } from "./in-flight-calls.js";
import type { MethodAccess, ServiceAccessDeclaration } from "./method-access.js";
import type { MethodNames } from "./server-span.js";
import {
  type ClientStreamingHandler,
  clientStreamingCall,
  type ServerStreamingHandler,
  serverStreamingCall,
} from "./streaming-calls.js";

export type { CallContext, TokenVerifier };

type RequestOf<M> = M extends { requestDeserialize: (b: Buffer) => infer R } ? R : never;
type ResponseOf<M> = M extends { responseSerialize: (v: infer R) => Buffer } ? R : never;

/**
 * The handler shape a method of a ts-proto definition needs: a plain async function for a unary
 * method, an async generator for a server-streaming one, a function taking the request stream for
 * a client-streaming one. Bidirectional streaming is not supported.
 */
export type HandlerFor<M> = M extends { requestStream: true; responseStream: true }
  ? never
  : M extends { requestStream: true }
    ? (requests: AsyncIterable<RequestOf<M>>, ctx: CallContext) => Promise<ResponseOf<M>>
    : M extends { responseStream: true }
      ? (request: RequestOf<M>, ctx: CallContext) => AsyncIterable<ResponseOf<M>>
      : (request: RequestOf<M>, ctx: CallContext) => Promise<ResponseOf<M>>;

export type ServiceHandlers<S> = { [K in keyof S]: HandlerFor<S[K]> };

/** The handlers of a service (the name predates streaming methods; they are welcome too). */
export type UnaryHandlers<S> = ServiceHandlers<S>;

export interface ServiceBinding {
  definition: grpc.ServiceDefinition;
  implementation: grpc.UntypedServiceImplementation;
  /** The calls being served; the server waits for them when it shuts down. */
  inFlight?: InFlightCalls;
  /** Makes `logger` the parent of the calls' loggers, unless the binding was given its own. */
  adoptLogger?(logger: Logger): void;
}

export interface ServiceAccess<S extends grpc.ServiceDefinition> {
  /** Who may call each method (the service's access file, e.g. video.access.ts). */
  declaration: ServiceAccessDeclaration<S>;
  tokens: TokenVerifier;
  /** The parent of every call's logger; defaults to the server's (see adoptLogger). */
  logger?: Logger;
}

type UnaryHandler = (request: unknown, ctx: CallContext) => Promise<unknown>;
type AnyHandler = UnaryHandler | ServerStreamingHandler | ClientStreamingHandler;

/**
 * Wraps plain async handlers into a grpc-js implementation that authenticates, gives each
 * call a context (with a signal that aborts on cancellation) and request-scoped logger, maps
 * errors to statuses, and records metrics and a span. A method declared "jwt" requires a valid
 * Bearer JWT; every other method is let through, its handler checking what its access names.
 */
export function bindService<S extends grpc.ServiceDefinition>(
  definition: S,
  handlers: ServiceHandlers<S>,
  access: ServiceAccess<S>,
): ServiceBinding {
  const inFlight = new InFlightCalls();
  const implementation: grpc.UntypedServiceImplementation = {};
  const plans: MethodPlan[] = [];
  for (const [key, method] of Object.entries(definition)) {
    if (method.requestStream && method.responseStream) {
      throw new Error(`bindService: ${method.path} is bidirectional streaming, which is not supported`);
    }
    const handler = (handlers as Record<string, AnyHandler | undefined>)[key];
    if (!handler) throw new Error(`bindService: no handler for ${method.path}`);
    const names = methodNames(method.path);
    const plan: MethodPlan = {
      names,
      requiresToken: declaredAccess(access.declaration, key, method.path) === "jwt",
      tokens: access.tokens,
      logger: access.logger,
      inFlight,
      record: grpcCallRecorder(names),
    };
    plans.push(plan);
    if (method.responseStream) {
      implementation[key] = serverStreamingCall(plan, handler as ServerStreamingHandler);
    } else if (method.requestStream) {
      implementation[key] = clientStreamingCall(plan, handler as ClientStreamingHandler);
    } else {
      implementation[key] = unaryCall(plan, handler as UnaryHandler);
    }
  }
  const adoptLogger = (logger: Logger) => {
    for (const plan of plans) plan.logger ??= logger;
  };
  return { definition, implementation, inFlight, adoptLogger };
}

function unaryCall(plan: MethodPlan, handler: UnaryHandler): grpc.handleUnaryCall<unknown, unknown> {
  return (call, callback) => {
    runCall(
      plan,
      call,
      (ctx) => handler(call.request, ctx),
      (outcome) => {
        if ("value" in outcome) callback(null, outcome.value);
        else callback(outcome);
      },
    );
  };
}

/** The access declared for a method, from a declaration of this very service. */
function declaredAccess(declaration: ServiceAccessDeclaration, key: string, path: string): MethodAccess {
  const access = declaration.methods[key];
  if (access === undefined) throw new Error(`bindService: no access declared for ${path}`);
  if (declaration.definition[key]?.path !== path) {
    throw new Error(`bindService: the access declared for ${path} is another service's`);
  }
  return access;
}

/** "/m3.registry.v1.VideoService/GetVideo" -> service and method names. */
function methodNames(path: string): MethodNames {
  const slash = path.lastIndexOf("/");
  return { service: path.slice(1, slash), method: path.slice(slash + 1) };
}
