import type * as grpc from "@grpc/grpc-js";

/** grpc-js' handler kinds, as `server.register` names them. */
export type HandlerKind = "unary" | "serverStream" | "clientStream" | "bidi";

export interface InProcessMethod {
  kind: HandlerKind;
  /** The grpc-js handler, called with a call object that behaves as grpc-js' own. */
  handler: grpc.UntypedHandleCall;
  deserializeRequest: (bytes: Buffer) => unknown;
  serializeResponse: (value: unknown) => Buffer;
}

/** A call in flight, as the server sees it: it can be cut when the server stops. */
export interface InProcessCallHandle {
  /** Ends the call with UNAVAILABLE, as grpc-js' forceShutdown does to its calls. */
  abandon(): void;
}

/**
 * The methods of one gRPC server, callable in the same process without a socket: the
 * all-in-one's gateway calls its domains through it (InProcessTransport). It is filled with
 * the same definitions and implementations as grpc-js' server (addService, register), so a call
 * runs the same kit wrappers: auth, deadlines, error statuses, metrics, tracing, logging.
 */
export class InProcessServer {
  private readonly methods = new Map<string, InProcessMethod>();
  private readonly calls = new Set<InProcessCallHandle>();
  private accepting = true;

  constructor(readonly name: string) {}

  addService(definition: grpc.ServiceDefinition, implementation: grpc.UntypedServiceImplementation): void {
    for (const [key, method] of Object.entries(definition)) {
      const handler = implementation[key];
      if (!handler) continue;
      this.register(
        method.path,
        handler,
        method.responseSerialize as (value: unknown) => Buffer,
        method.requestDeserialize as (bytes: Buffer) => unknown,
        kindOf(method),
      );
    }
  }

  /** The same arguments as grpc-js' `server.register`. */
  register(
    path: string,
    handler: grpc.UntypedHandleCall,
    serialize: (value: unknown) => Buffer,
    deserialize: (bytes: Buffer) => unknown,
    kind: HandlerKind,
  ): boolean {
    if (this.methods.has(path)) return false;
    this.methods.set(path, { kind, handler, deserializeRequest: deserialize, serializeResponse: serialize });
    return true;
  }

  method(path: string): InProcessMethod | undefined {
    return this.methods.get(path);
  }

  /** False once the server is stopping: new calls then fail with UNAVAILABLE. */
  get serving(): boolean {
    return this.accepting;
  }

  /** Tracks a call until `done` is called; false when the server no longer takes calls. */
  admit(call: InProcessCallHandle): boolean {
    if (!this.accepting) return false;
    this.calls.add(call);
    return true;
  }

  done(call: InProcessCallHandle): void {
    this.calls.delete(call);
  }

  /** Takes no new calls; those in flight go on. */
  stopAccepting(): void {
    this.accepting = false;
  }

  /** Cuts the calls still in flight. */
  abandonCalls(): void {
    for (const call of [...this.calls]) call.abandon();
  }
}

function kindOf(method: { requestStream: boolean; responseStream: boolean }): HandlerKind {
  if (method.requestStream) return method.responseStream ? "bidi" : "clientStream";
  return method.responseStream ? "serverStream" : "unary";
}
