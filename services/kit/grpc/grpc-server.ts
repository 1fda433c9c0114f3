import { rmSync } from "node:fs";
import * as grpc from "@grpc/grpc-js";
import type { Logger } from "pino";
import type { ServiceBinding } from "./bind-service.js";
import type { DependencyProbe } from "./dependency-check.js";
import { HealthService, healthPackageDefinition } from "./health-service.js";
import { InProcessServer } from "./in-process-server.js";
import { destroySessions, openSessions } from "./open-sessions.js";
import { addReflection } from "./reflection.js";
import { SERVER_TRANSPORT_OPTIONS } from "./transport-options.js";
import { UNARY_CALLS_DEFINITION, unaryCallsImplementation } from "./unary-calls-service.js";

export interface GrpcServerOptions {
  name: string;
  /** Defaults to 0.0.0.0. */
  host?: string;
  /** 0 picks a free port. */
  port: number;
  /**
   * Serve on this Unix socket instead of host:port (a clustered all-in-one's workers: a loopback
   * port 0 asked by every worker would be one port the cluster shares between them).
   */
  socketPath?: string;
  bindings: readonly ServiceBinding[];
  /** The folder the protoFiles paths are relative to. */
  protoRoot: string;
  /** The .proto files served by reflection. */
  protoFiles: readonly string[];
  logger: Logger;
  /** What the domain depends on, by name (e.g. "database"), reported by grpc.health.v1. */
  dependencies?: Readonly<Record<string, DependencyProbe>>;
}

export interface RunningGrpcServer {
  port: number;
  /** host:port usable by a client (127.0.0.1 when bound to every interface), or unix:<path>. */
  address: string;
  /**
   * The same services (health included, reflection not), callable in this process without a
   * socket: see InProcessTransport. It stops and drains with the server.
   */
  inProcess: InProcessServer;
  /** Stops serving; calls in flight get graceMillis (default 10 s) to finish before they are cut. */
  shutdown(graceMillis?: number): Promise<void>;
}

const DEFAULT_GRACE_MILLIS = 10_000;
const ANY_ADDRESS = new Set(["0.0.0.0", "::", "[::]"]);

/** Serves the bindings plus grpc.health.v1, m3.common.v1.UnaryCallsService and server reflection. */
export async function startGrpcServer(options: GrpcServerOptions): Promise<RunningGrpcServer> {
  const logger = options.logger.child({ grpcServer: options.name });
  const server = new grpc.Server(SERVER_TRANSPORT_OPTIONS);
  const health = new HealthService(
    options.bindings.map((binding) => serviceName(binding.definition)),
    options.dependencies,
  );
  const inProcess = new InProcessServer(options.name);
  const addService = (
    definition: grpc.ServiceDefinition,
    implementation: grpc.UntypedServiceImplementation,
  ) => {
    server.addService(definition, implementation);
    inProcess.addService(definition, implementation);
  };
  addService(health.definition, health.implementation);
  for (const binding of options.bindings) {
    // Its handlers then log through this server's logger unless the binding was given its own.
    binding.adoptLogger?.(logger);
    addService(binding.definition, binding.implementation);
  }
  // The gateway's unary calls, many to a stream, run the methods above (not in process: there the
  // gateway calls them directly).
  server.addService(UNARY_CALLS_DEFINITION, unaryCallsImplementation(inProcess));
  addReflection(server, options.protoRoot, options.protoFiles, healthPackageDefinition);

  const host = options.host ?? "0.0.0.0";
  const socket = options.socketPath;
  if (socket) rmSync(socket, { force: true });
  const target = socket ? `unix:${socket}` : `${hostPart(host)}:${options.port}`;
  const port = await bind(server, target).catch((error: unknown) => {
    server.forceShutdown();
    throw error;
  });
  const address = socket ? target : `${ANY_ADDRESS.has(host) ? "127.0.0.1" : hostPart(host)}:${port}`;
  logger.info({ address: socket ? target : `${host}:${port}` }, "gRPC server listening");

  let stopping: Promise<void> | undefined;
  const drain = async (graceMillis: number): Promise<void> => {
    health.shutDown();
    inProcess.stopAccepting();
    const closed = new Promise<void>((resolve) => server.tryShutdown(() => resolve()));
    const idle = Promise.all(options.bindings.map((binding) => binding.inFlight?.whenIdle()));
    if (!(await settlesWithin(Promise.all([closed, idle]), graceMillis))) {
      const inFlight = options.bindings.reduce((sum, binding) => sum + (binding.inFlight?.size ?? 0), 0);
      logger.warn({ inFlight, graceMillis }, "grace period over: cancelling the remaining calls");
      const sessions = openSessions(server);
      server.forceShutdown();
      destroySessions(sessions);
      inProcess.abandonCalls();
    }
    if (socket) rmSync(socket, { force: true });
    logger.info("gRPC server stopped");
  };
  return {
    port,
    address,
    inProcess,
    shutdown: (graceMillis = DEFAULT_GRACE_MILLIS) => {
      stopping ??= drain(graceMillis);
      return stopping;
    },
  };
}

/** "/m3.registry.v1.VideoService/GetVideo" -> "m3.registry.v1.VideoService". */
function serviceName(definition: grpc.ServiceDefinition): string {
  const path = Object.values(definition)[0]?.path ?? "/";
  return path.slice(1, path.lastIndexOf("/"));
}

function hostPart(host: string): string {
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}

function bind(server: grpc.Server, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.bindAsync(target, grpc.ServerCredentials.createInsecure(), (error, port) =>
      error ? reject(error) : resolve(port),
    );
  });
}

async function settlesWithin(promise: Promise<unknown>, millis: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), millis);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
