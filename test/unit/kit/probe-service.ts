import { setTimeout as sleep } from "node:timers/promises";
import * as grpc from "@grpc/grpc-js";
import { type Logger, pino } from "pino";
import type { TokenVerifier } from "../../../services/kit/auth/token-service.js";
import { DomainError } from "../../../services/kit/errors/domain-error.js";
import { bindService, type ServiceBinding } from "../../../services/kit/grpc/bind-service.js";
import { type RunningGrpcServer, startGrpcServer } from "../../../services/kit/grpc/grpc-server.js";
import { declareAccess, type ServiceAccessDeclaration } from "../../../services/kit/grpc/method-access.js";
import { PROTO_ROOT } from "../../../services/kit/proto-root.js";

/** A tiny service for exercising the kit: JSON on the wire, since grpc-js does not care. */
export interface ProbeRequest {
  text?: string;
  failure?: "domain" | "crash";
  millis?: number;
}

export interface ProbeResponse {
  text: string;
  requestId: string;
}

function method(name: string) {
  return {
    path: `/m3.testing.v1.ProbeService/${name}`,
    requestStream: false,
    responseStream: false,
    requestSerialize: (value: ProbeRequest): Buffer => Buffer.from(JSON.stringify(value)),
    requestDeserialize: (bytes: Buffer): ProbeRequest => JSON.parse(bytes.toString()) as ProbeRequest,
    responseSerialize: (value: ProbeResponse): Buffer => Buffer.from(JSON.stringify(value)),
    responseDeserialize: (bytes: Buffer): ProbeResponse => JSON.parse(bytes.toString()) as ProbeResponse,
  } as const;
}

export const ProbeService = {
  ping: method("Ping"),
  write: method("Write"),
  fail: method("Fail"),
  slow: method("Slow"),
};

/** Only Write needs a JWT. */
export const PROBE_ACCESS = declareAccess(ProbeService, {
  ping: "none",
  write: "jwt",
  fail: "none",
  slow: "none",
});

export function probeBinding(
  tokens: TokenVerifier,
  logger?: Logger,
  declaration: ServiceAccessDeclaration<typeof ProbeService> = PROBE_ACCESS,
): ServiceBinding {
  const reply = (text: string, requestId: string): ProbeResponse => ({ text, requestId });
  return bindService(
    ProbeService,
    {
      ping: async (request, ctx) => {
        ctx.logger.info({ probe: "ping" }, "ping served");
        return reply(request.text ?? "pong", ctx.requestId);
      },
      write: async (_request, ctx) => reply("written", ctx.requestId),
      fail: async (request) => {
        if (request.failure === "domain") {
          throw DomainError.invalidArgument("BAD_NAME", "name must not be blank", {
            field: "name",
            videoUuid: "ü-1",
          });
        }
        throw new Error("connect ECONNREFUSED db-password=hunter2");
      },
      slow: async (request, ctx) => {
        await sleep(request.millis ?? 0);
        return reply("slept", ctx.requestId);
      },
    },
    { declaration, tokens, logger },
  );
}

/** A pino logger whose JSON lines land in `lines`. */
export function capturingLogger(): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: "debug" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

export type ProbeClient = grpc.Client & Record<string, unknown>;

export interface ProbeServer {
  server: RunningGrpcServer;
  client: ProbeClient;
  close(): Promise<void>;
}

export async function startProbeServer(
  bindings: readonly ServiceBinding[],
  logger: Logger,
): Promise<ProbeServer> {
  const server = await startGrpcServer({
    name: "probe",
    port: 0,
    bindings,
    protoRoot: PROTO_ROOT,
    protoFiles: ["m3/common/v1/auth.proto", "m3/common/v1/health.proto"],
    logger,
  });
  const Client = grpc.makeGenericClientConstructor(ProbeService, "ProbeService");
  const client = new Client(server.address, grpc.credentials.createInsecure()) as ProbeClient;
  return {
    server,
    client,
    close: async () => {
      client.close();
      await server.shutdown(1000);
    },
  };
}

type UnaryMethod = (
  request: unknown,
  metadata: grpc.Metadata,
  callback: (error: grpc.ServiceError | null, response: unknown) => void,
) => grpc.ClientUnaryCall;

/** Calls a unary method; rejects with the grpc ServiceError. */
export function callUnary<T>(
  client: grpc.Client,
  name: string,
  request: unknown,
  metadata: Record<string, string> = {},
): Promise<T> {
  const md = new grpc.Metadata();
  for (const [key, value] of Object.entries(metadata)) md.set(key, value);
  const fn = (client as unknown as Record<string, UnaryMethod>)[name];
  if (!fn) throw new Error(`no client method ${name}`);
  return new Promise((resolve, reject) => {
    fn.call(client, request, md, (error, response) => (error ? reject(error) : resolve(response as T)));
  });
}

export function silentLogger(): Logger {
  return pino({ level: "silent" });
}
