import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import { loadSync } from "@grpc/proto-loader";
import test from "ava";
import { TokenService } from "../../../services/kit/auth/token-service.js";
import { startGrpcServer } from "../../../services/kit/grpc/grpc-server.js";
import { PROTO_ROOT } from "../../../services/kit/proto-root.js";
import {
  callUnary,
  capturingLogger,
  type ProbeResponse,
  probeBinding,
  silentLogger,
  startProbeServer,
} from "./probe-service.js";

const tokens = new TokenService({ signingSecret: "s", issuer: "i" });

// grpc.health.v1 encoded by hand, so the server's own codec is not what checks itself.
const healthCodec = {
  requestSerialize: (value: { service: string }) => {
    const name = Buffer.from(value.service);
    return name.length === 0 ? Buffer.alloc(0) : Buffer.concat([Buffer.from([0x0a, name.length]), name]);
  },
  requestDeserialize: (bytes: Buffer) => ({ service: bytes.subarray(2).toString() }),
  responseSerialize: () => Buffer.alloc(0),
  responseDeserialize: (bytes: Buffer) =>
    (["UNKNOWN", "SERVING", "NOT_SERVING", "SERVICE_UNKNOWN"] as const)[bytes[1] ?? 0],
};
const HealthClient = grpc.makeGenericClientConstructor(
  {
    check: {
      path: "/grpc.health.v1.Health/Check",
      requestStream: false,
      responseStream: false,
      ...healthCodec,
    },
    watch: {
      path: "/grpc.health.v1.Health/Watch",
      requestStream: false,
      responseStream: true,
      ...healthCodec,
    },
  },
  "Health",
);

function check(address: string, service: string): Promise<string> {
  const client = new HealthClient(address, grpc.credentials.createInsecure());
  return callUnary<string>(client, "check", { service }).finally(() => client.close());
}

test("health Check reports SERVING for the server and each bound service, NOT_FOUND otherwise", async (t) => {
  const probe = await startProbeServer([probeBinding(tokens)], silentLogger());
  t.teardown(() => probe.close());
  t.is(await check(probe.server.address, ""), "SERVING");
  t.is(await check(probe.server.address, "m3.testing.v1.ProbeService"), "SERVING");
  const error = await check(probe.server.address, "m3.unknown.v1.Nothing").catch((e: grpc.ServiceError) => e);
  t.is((error as grpc.ServiceError).code, grpc.status.NOT_FOUND);
});

test("health Watch sees NOT_SERVING once shutdown starts, then the stream ends", async (t) => {
  const probe = await startProbeServer([probeBinding(tokens)], silentLogger());
  t.teardown(() => probe.close());
  const client = new HealthClient(probe.server.address, grpc.credentials.createInsecure());
  t.teardown(() => client.close());
  const watch = (client as unknown as Record<string, (r: unknown) => grpc.ClientReadableStream<string>>)
    .watch;
  const stream = watch?.call(client, { service: "m3.testing.v1.ProbeService" });
  if (!stream) throw new Error("no watch method");
  const seen: string[] = [];
  const ended = new Promise<void>((resolve) => stream.on("status", () => resolve()));
  const first = new Promise<void>((resolve) => stream.once("data", () => resolve()));
  stream.on("data", (status: string) => seen.push(status));
  await first;
  await probe.server.shutdown(1000);
  await ended;
  t.deepEqual(seen, ["SERVING", "NOT_SERVING"]);
});

test("the address is a loopback host:port a client can use when bound to every interface", async (t) => {
  const probe = await startProbeServer([probeBinding(tokens)], silentLogger());
  t.teardown(() => probe.close());
  t.is(probe.server.address, `127.0.0.1:${probe.server.port}`);
  t.true(probe.server.port > 0);
});

test("calls log through the server's logger when their binding has none", async (t) => {
  const { logger, lines } = capturingLogger();
  const probe = await startProbeServer([probeBinding(tokens)], logger);
  t.teardown(() => probe.close());
  await callUnary(probe.client, "ping", {}, { "x-request-id": "via-server" });
  const logged = lines.find((line) => line.probe === "ping");
  t.is(logged?.requestId, "via-server");
  t.is(logged?.grpcServer, "probe");
});

test("shutdown waits for a call in flight, then refuses new calls", async (t) => {
  const probe = await startProbeServer([probeBinding(tokens)], silentLogger());
  t.teardown(() => probe.close());
  const slow = callUnary<ProbeResponse>(probe.client, "slow", { millis: 400 });
  const slowAnsweredAt = slow.then(() => performance.now());
  // The ping is answered after the slow call arrived, so the slow one is in flight from here.
  await callUnary(probe.client, "ping", {});
  await probe.server.shutdown(5000);
  const shutDownAt = performance.now();
  t.true(
    (await slowAnsweredAt) <= shutDownAt,
    "the shutdown ended only after the call in flight was answered",
  );
  t.is((await slow).text, "slept");
  const error = await callUnary(probe.client, "ping", {}).catch((e: grpc.ServiceError) => e);
  t.is((error as grpc.ServiceError).code, grpc.status.UNAVAILABLE);
});

test("shutdown cancels calls still running when the grace period ends", async (t) => {
  const probe = await startProbeServer([probeBinding(tokens)], silentLogger());
  t.teardown(() => probe.close());
  const slow = callUnary(probe.client, "slow", { millis: 3000 }).catch((e: grpc.ServiceError) => e);
  await callUnary(probe.client, "ping", {});
  const started = Date.now();
  await probe.server.shutdown(200);
  t.true(Date.now() - started < 1500);
  const error = (await slow) as grpc.ServiceError;
  t.true([grpc.status.CANCELLED, grpc.status.UNAVAILABLE].includes(error.code));
});

const reflectionProto = join(
  dirname(createRequire(import.meta.url).resolve("@grpc/reflection")),
  "..",
  "proto",
  "grpc/reflection/v1/reflection.proto",
);
const reflectionPackage = grpc.loadPackageDefinition(
  loadSync(reflectionProto, { keepCase: true }),
) as unknown as {
  grpc: { reflection: { v1: { ServerReflection: grpc.ServiceClientConstructor } } };
};

interface ReflectionReply {
  list_services_response?: { service: { name: string }[] };
  file_descriptor_response?: { file_descriptor_proto: Buffer[] };
  error_response?: { error_message: string };
}

function reflect(address: string, request: Record<string, string>): Promise<ReflectionReply> {
  const client = new reflectionPackage.grpc.reflection.v1.ServerReflection(
    address,
    grpc.credentials.createInsecure(),
  );
  const stream = (
    client as unknown as Record<string, () => grpc.ClientDuplexStream<unknown, ReflectionReply>>
  ).ServerReflectionInfo;
  const call = stream?.call(client);
  if (!call) throw new Error("no reflection method");
  return new Promise<ReflectionReply>((resolve, reject) => {
    call.once("data", (reply: ReflectionReply) => {
      resolve(reply);
      call.end();
    });
    call.once("error", reject);
    call.write(request);
  }).finally(() => client.close());
}

test("reflection lists the services of the proto files and grpc.health.v1", async (t) => {
  const probe = await startProbeServer([probeBinding(tokens)], silentLogger());
  t.teardown(() => probe.close());
  const reply = await reflect(probe.server.address, { list_services: "" });
  const names = reply.list_services_response?.service.map((service) => service.name) ?? [];
  t.true(names.includes("m3.common.v1.AuthService"));
  t.true(names.includes("m3.common.v1.HealthStatusService"));
  t.true(names.includes("grpc.health.v1.Health"));
});

test("reflection describes a service by symbol", async (t) => {
  const probe = await startProbeServer([probeBinding(tokens)], silentLogger());
  t.teardown(() => probe.close());
  const reply = await reflect(probe.server.address, { file_containing_symbol: "m3.common.v1.AuthService" });
  t.is(reply.error_response, undefined);
  t.true((reply.file_descriptor_response?.file_descriptor_proto.length ?? 0) > 0);
});

test("starting on a port already in use fails", async (t) => {
  const probe = await startProbeServer([probeBinding(tokens)], silentLogger());
  t.teardown(() => probe.close());
  await t.throwsAsync(
    startGrpcServer({
      name: "clash",
      host: "127.0.0.1",
      port: probe.server.port,
      bindings: [],
      protoRoot: PROTO_ROOT,
      protoFiles: [],
      logger: silentLogger(),
    }),
  );
});
