/**
 * The gateway's own unary client on node:http2 (gateway/src/engine/http2-unary-client.ts) against
 * real grpc-js servers on loopback: statuses with their messages and metadata, the deadline as
 * the server sees it, request metadata, a `dns:///` target, and connections that a server's
 * maximum connection age ends with a GOAWAY. Balancing over replicas and a replica lost
 * mid-call are in replica-balancing.test.ts, which runs on this client.
 */
import * as grpc from "@grpc/grpc-js";
import test from "ava";
import { Http2UnaryClient } from "../../../gateway/src/engine/http2-unary-client.js";
import type { CallMetadata } from "../../../services/kit/grpc/call-metadata.js";
import { unaryBytesMethod } from "../../../tools/dev/fixtures/bytes-method.js";
import { freePort } from "../../../tools/dev/fixtures/free-port.js";
import { startCountingRelay } from "../../support/gateway/counting-relay.js";

const SERVICE = "m3.testing.v1.WireProbe";
const rawMethod = (name: string) => unaryBytesMethod(`/${SERVICE}/${name}`);

interface Seen {
  metadata?: grpc.Metadata;
  deadline?: grpc.Deadline;
  calls: number;
}

type Handler = (call: grpc.ServerUnaryCall<Buffer, Buffer>, callback: grpc.sendUnaryData<Buffer>) => void;

/** A server with Echo, Fail (NOT_FOUND with metadata), Hold (never answers) and Empty (no message). */
async function startServer(
  t: { teardown(fn: () => void): void },
  options: grpc.ServerOptions = {},
): Promise<{ port: number; seen: Seen }> {
  const seen: Seen = { calls: 0 };
  const server = new grpc.Server(options);
  const handlers: Record<string, Handler> = {
    Echo: (call, callback) => {
      seen.calls += 1;
      seen.metadata = call.metadata;
      seen.deadline = call.getDeadline();
      callback(null, call.request);
    },
    Fail: (_call, callback) => {
      const metadata = new grpc.Metadata();
      metadata.set("m3-error-http-header-retry-after", "7");
      callback({ code: grpc.status.NOT_FOUND, details: "No media at café 100% sure", metadata });
    },
    Hold: () => {},
    Empty: (_call, callback) => callback(null, undefined as unknown as Buffer),
  };
  const definition = Object.fromEntries(Object.keys(handlers).map((name) => [name, rawMethod(name)]));
  server.addService(definition, handlers);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  t.teardown(() => server.forceShutdown());
  return { port, seen };
}

function clientOf(t: { teardown(fn: () => void): void }, target: string): Http2UnaryClient {
  const client = new Http2UnaryClient(target, new Set());
  t.teardown(() => client.close());
  return client;
}

function call(
  client: Http2UnaryClient,
  method: string,
  options: { metadata?: CallMetadata; timeoutMillis?: number } = {},
) {
  return client.unary(`/${SERVICE}/${method}`, Buffer.from("hello"), {
    metadata: options.metadata ?? {},
    timeoutMillis: options.timeoutMillis ?? 10_000,
  });
}

test("a reply's bytes come back, large ones too; an error keeps its code, its message and its metadata", async (t) => {
  const { port } = await startServer(t, { "grpc.max_receive_message_length": -1 });
  const client = clientOf(t, `127.0.0.1:${port}`);
  t.is((await call(client, "Echo")).toString(), "hello");
  const large = Buffer.alloc(20 * 1024 * 1024, 7);
  const echoed = await client.unary(`/${SERVICE}/Echo`, large, {
    metadata: {},
    timeoutMillis: 30_000,
  });
  t.true(echoed.equals(large), "a 20 MiB message each way");
  const error = await t.throwsAsync<grpc.ServiceError>(call(client, "Fail"));
  t.is(error?.code, grpc.status.NOT_FOUND);
  t.is(error?.details, "No media at café 100% sure");
  t.deepEqual(error?.metadata.get("m3-error-http-header-retry-after"), ["7"]);
  t.is(error?.metadata.get("grpc-status").length, 0, "the protocol's trailers are not metadata");
  const unknown = await t.throwsAsync<grpc.ServiceError>(call(client, "Missing"));
  t.is(unknown?.code, grpc.status.UNIMPLEMENTED);
  const empty = await t.throwsAsync<grpc.ServiceError>(call(client, "Empty"));
  t.not(empty?.code, grpc.status.OK);
});

test("the metadata reach the server, text and binary, and so does the deadline", async (t) => {
  const { port, seen } = await startServer(t);
  const client = clientOf(t, `127.0.0.1:${port}`);
  const metadata = {
    traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
    "m3-token-bin": Buffer.from([0, 1, 254, 255]).toString("base64"),
  };
  const before = Date.now();
  await call(client, "Echo", { metadata, timeoutMillis: 60_000 });
  t.deepEqual(seen.metadata?.get("traceparent"), ["00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"]);
  t.deepEqual(seen.metadata?.get("m3-token-bin"), [Buffer.from([0, 1, 254, 255])]);
  const deadline = seen.deadline instanceof Date ? seen.deadline.getTime() : Number(seen.deadline);
  t.true(
    deadline > before + 50_000 && deadline <= Date.now() + 60_000,
    `deadline ${deadline - before} ms ahead`,
  );
});

test("a call past its deadline fails with DEADLINE_EXCEEDED", async (t) => {
  const { port } = await startServer(t);
  const client = clientOf(t, `127.0.0.1:${port}`);
  await call(client, "Echo");
  const error = await t.throwsAsync<grpc.ServiceError>(call(client, "Hold", { timeoutMillis: 200 }));
  t.is(error?.code, grpc.status.DEADLINE_EXCEEDED);
});

test("a dns:/// target is resolved; a name whose addresses refuse fails with UNAVAILABLE", async (t) => {
  const { port } = await startServer(t);
  const client = clientOf(t, `dns:///localhost:${port}`);
  t.is((await call(client, "Echo")).toString(), "hello");
  const closed = await startServer(t);
  const nobody = clientOf(t, `127.0.0.1:${await freePort()}`);
  const error = await t.throwsAsync<grpc.ServiceError>(call(nobody, "Echo"));
  t.is(error?.code, grpc.status.UNAVAILABLE);
  t.is(closed.seen.calls, 0);
  t.false(nobody.isConnected());
  t.true(client.isConnected());
});

test("connections a server's maximum age ends are replaced and no call fails, writes included", async (t) => {
  const { port, seen } = await startServer(t, {
    "grpc.max_connection_age_ms": 150,
    "grpc.max_connection_age_grace_ms": 5_000,
  });
  const relay = await startCountingRelay(t, port);
  const client = clientOf(t, `127.0.0.1:${relay.port}`);
  // Calls keep going until the server has ended three connections (a fourth is open), however
  // slowly a loaded machine runs them; 30 s is only a bound for a client that never reconnects.
  const bound = Date.now() + 30_000;
  const failures: unknown[] = [];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (relay.connections() < 4 && Date.now() < bound) {
        await call(client, "Echo").catch((error: unknown) => failures.push(error));
      }
    }),
  );
  t.deepEqual(failures, []);
  t.true(relay.connections() >= 4, `${relay.connections()} connections`);
  t.true(seen.calls > 0);
});
