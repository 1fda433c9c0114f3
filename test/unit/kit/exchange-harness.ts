/**
 * Servers and clients for the tests of m3.common.v1.UnaryCallsService/Exchange
 * (services/kit/grpc/unary-calls-service.ts, gateway/src/engine/http2-call-exchange.ts): the
 * kit's server, or a bare grpc-js one with or without the exchange, serving the probe services
 * through handlers that note how each call came. A call through the exchange reaches its handler
 * as the kit's in-process call; a call on a stream of its own as grpc-js' call: so a test can
 * tell which way its calls went, and fails if they did not go the way it expects.
 */
import type { EventEmitter } from "node:events";
import * as grpc from "@grpc/grpc-js";
import type { Logger } from "pino";
import { Http2UnaryClient } from "../../../gateway/src/engine/http2-unary-client.js";
import { TokenService } from "../../../services/kit/auth/token-service.js";
import type { ServiceBinding } from "../../../services/kit/grpc/bind-service.js";
import type { CallMetadata } from "../../../services/kit/grpc/call-metadata.js";
import { type RunningGrpcServer, startGrpcServer } from "../../../services/kit/grpc/grpc-server.js";
import { InProcessServerCall } from "../../../services/kit/grpc/in-process-calls.js";
import { InProcessServer } from "../../../services/kit/grpc/in-process-server.js";
import {
  UNARY_CALLS_DEFINITION,
  unaryCallsImplementation,
} from "../../../services/kit/grpc/unary-calls-service.js";
import { PROTO_ROOT } from "../../../services/kit/proto-root.js";
import { unaryBytesMethod } from "../../../tools/dev/fixtures/bytes-method.js";
import { type ProbeRequest, type ProbeResponse, probeBinding, silentLogger } from "./probe-service.js";
import { type StreamProbeLog, streamProbeBinding } from "./stream-probe-service.js";

interface Teardown {
  teardown(fn: () => unknown): void;
}

export const tokens = new TokenService({ signingSecret: "exchange-secret", issuer: "http://www.mbari.org" });
export const PROBE = "/m3.testing.v1.ProbeService";
/** Waits until its call is cancelled (stream-probe-service.ts), noting why its signal aborted. */
export const HOLD = "/m3.testing.v1.StreamProbeService/Hold";
/** A bare server's method failing with a binary metadata entry, which the kit's errors never carry. */
export const FAIL_WITH_BYTES = "/m3.testing.v1.RawProbe/FailWithBytes";
export const ERROR_BYTES = Buffer.from([0, 1, 127, 128, 254, 255]);

export interface SeenCall {
  path: string;
  /** How the call reached its handler. */
  via: "exchange" | "stream";
  metadata: grpc.Metadata;
  /** The deadline the handler sees, in epoch milliseconds. */
  deadline: number;
}

export interface ProbeStack {
  seen: SeenCall[];
  log: StreamProbeLog;
}

/** The probe services, their handlers noting each call in `seen`. */
function watchedProbes(): ProbeStack & { bindings: ServiceBinding[] } {
  const seen: SeenCall[] = [];
  const logger = silentLogger();
  const streams = streamProbeBinding(tokens, logger);
  const bindings = [probeBinding(tokens, logger), streams.binding].map((binding) => watched(binding, seen));
  return { seen, log: streams.log, bindings };
}

function watched(binding: ServiceBinding, seen: SeenCall[]): ServiceBinding {
  const implementation: grpc.UntypedServiceImplementation = {};
  for (const [key, handler] of Object.entries(binding.implementation)) {
    const path = binding.definition[key]?.path ?? key;
    implementation[key] = ((call: grpc.ServerUnaryCall<unknown, unknown>, callback: unknown) => {
      const deadline = call.getDeadline();
      seen.push({
        path,
        via: call instanceof InProcessServerCall ? "exchange" : "stream",
        metadata: call.metadata.clone(),
        deadline: deadline instanceof Date ? deadline.getTime() : deadline,
      });
      return (handler as (call: unknown, callback: unknown) => void)(call, callback);
    }) as grpc.UntypedHandleCall;
  }
  return { ...binding, implementation };
}

/** The kit's server (startGrpcServer) with the probe services; shut down at the test's end. */
export async function startKitServer(
  t: Teardown,
  logger: Logger = silentLogger(),
): Promise<ProbeStack & { server: RunningGrpcServer }> {
  const { seen, log, bindings } = watchedProbes();
  const server = await startGrpcServer({
    name: "probe",
    host: "127.0.0.1",
    port: 0,
    bindings,
    protoRoot: PROTO_ROOT,
    protoFiles: [],
    logger,
  });
  t.teardown(() => server.shutdown(1000));
  return { seen, log, server };
}

export interface BareServer extends ProbeStack {
  port: number;
  /** The Exchange streams opened on it so far. */
  exchangesOpened(): number;
}

/**
 * A grpc-js server with these options serving the probe services and FAIL_WITH_BYTES, and the
 * exchange running them unless `exchange` is false (an m3 from before it).
 */
export async function startBareServer(
  t: Teardown,
  options: { exchange: boolean; serverOptions?: grpc.ServerOptions },
): Promise<BareServer> {
  const { seen, log, bindings } = watchedProbes();
  const server = new grpc.Server(options.serverOptions ?? {});
  const inProcess = new InProcessServer("probe");
  const failWithBytes = rawFailure();
  for (const { definition, implementation } of [...bindings, failWithBytes]) {
    server.addService(definition, implementation);
    inProcess.addService(definition, implementation);
  }
  let opened = 0;
  if (options.exchange) {
    const { exchange } = unaryCallsImplementation(inProcess) as Record<string, grpc.UntypedHandleCall>;
    const counted = (call: unknown) => {
      opened += 1;
      (exchange as (call: unknown) => void)(call);
    };
    server.addService(UNARY_CALLS_DEFINITION, { exchange: counted as grpc.UntypedHandleCall });
  }
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  t.teardown(() => server.forceShutdown());
  return { seen, log, port, exchangesOpened: () => opened };
}

function rawFailure(): ServiceBinding {
  const definition: grpc.ServiceDefinition = { failWithBytes: unaryBytesMethod(FAIL_WITH_BYTES) };
  const handler: grpc.handleUnaryCall<Buffer, Buffer> = (_call, callback) => {
    const metadata = new grpc.Metadata();
    metadata.set("m3-error-reason", "NO_BYTES");
    metadata.set("m3-error-digest-bin", ERROR_BYTES);
    callback({ code: grpc.status.FAILED_PRECONDITION, details: "Bytes at café", metadata });
  };
  return { definition, implementation: { failWithBytes: handler as grpc.UntypedHandleCall } };
}

/** The gateway's unary client to `target`, by the exchange unless told otherwise; closed at the test's end. */
export function unaryClient(t: Teardown, target: string, exchange = true): Http2UnaryClient {
  const client = new Http2UnaryClient(target, new Set(), exchange);
  t.teardown(() => client.close());
  return client;
}

export interface CallOptions {
  metadata?: CallMetadata;
  timeoutMillis?: number;
  closedBy?: EventEmitter;
}

/** A call to one of the probe's methods (Ping, Write, Fail, Slow), its reply decoded. */
export async function probe(
  client: Http2UnaryClient,
  method: string,
  request: ProbeRequest = {},
  options: CallOptions = {},
): Promise<ProbeResponse> {
  const reply = await call(client, `${PROBE}/${method}`, Buffer.from(JSON.stringify(request)), options);
  return JSON.parse(reply.toString()) as ProbeResponse;
}

export function call(
  client: Http2UnaryClient,
  path: string,
  request: Uint8Array,
  options: CallOptions = {},
): Promise<Buffer> {
  return client.unary(path, request, {
    metadata: options.metadata ?? {},
    timeoutMillis: options.timeoutMillis ?? 10_000,
    closedBy: options.closedBy,
  });
}

/** The `authorization` metadata of a valid token. */
export async function bearer(): Promise<CallMetadata> {
  return { authorization: `Bearer ${await tokens.issue()}` };
}

/** How the calls to this method reached their handlers. */
export function routesOf(seen: readonly SeenCall[], path: string): SeenCall["via"][] {
  return seen.filter((call) => call.path === path).map((call) => call.via);
}
