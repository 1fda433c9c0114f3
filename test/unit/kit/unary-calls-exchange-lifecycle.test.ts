/**
 * The exchange's stream over a connection's life (m3.common.v1.UnaryCallsService/Exchange): a
 * server's shutdown, maximum connection ages' GOAWAYs, and servers from before the exchange.
 * The calls' own behaviour is in unary-calls-exchange.test.ts.
 */
import { EventEmitter } from "node:events";
import * as grpc from "@grpc/grpc-js";
import test from "ava";
import { ExchangeRequest, ExchangeResponse } from "../../../proto/gen/m3/common/v1/unary_calls.js";
import { startCountingRelay } from "../../support/gateway/counting-relay.js";
import {
  bearer,
  call,
  HOLD,
  PROBE,
  type ProbeStack,
  probe,
  routesOf,
  startBareServer,
  startKitServer,
  unaryClient,
} from "./exchange-harness.js";
import { capturingLogger } from "./probe-service.js";

const ExchangeClient = grpc.makeGenericClientConstructor(
  {
    exchange: {
      path: "/m3.common.v1.UnaryCallsService/Exchange",
      requestStream: true,
      responseStream: true,
      requestSerialize: (request: ExchangeRequest) => Buffer.from(ExchangeRequest.encode(request).finish()),
      requestDeserialize: (bytes: Buffer) => ExchangeRequest.decode(bytes),
      responseSerialize: (response: ExchangeResponse) =>
        Buffer.from(ExchangeResponse.encode(response).finish()),
      responseDeserialize: (bytes: Buffer) => ExchangeResponse.decode(bytes),
    },
  },
  "UnaryCallsService",
);
type ExchangeStream = grpc.ClientDuplexStream<ExchangeRequest, ExchangeResponse>;

function probeRequest(callId: number, method: string, request: object): ExchangeRequest {
  const message = Buffer.from(JSON.stringify(request));
  return {
    callId,
    method: `${PROBE}/${method}`,
    metadata: {},
    timeoutMillis: 10_000,
    message,
    cancel: false,
  };
}

test("a shutdown lets the calls in flight finish, refuses those that come after, then the stream ends with OK", async (t) => {
  const { server, seen } = await startKitServer(t);
  const client = new ExchangeClient(server.address, grpc.credentials.createInsecure());
  t.teardown(() => client.close());
  const stream = (client as unknown as { exchange(): ExchangeStream }).exchange();
  const answers = new Map<number, ExchangeResponse>();
  const answered = new EventEmitter();
  stream.on("data", (response: ExchangeResponse) => {
    answers.set(response.callId, response);
    answered.emit(`${response.callId}`, response);
  });
  const status = new Promise<grpc.StatusObject>((resolve) => stream.on("status", resolve));
  const answerTo = (callId: number) =>
    answers.get(callId) ?? new Promise<ExchangeResponse>((resolve) => answered.once(`${callId}`, resolve));
  stream.write(probeRequest(1, "Slow", { millis: 300 }));
  stream.write(probeRequest(2, "Ping", { text: "in flight" }));
  // The calls run in the order they came: once 2 is answered, 1 is running.
  t.is((await answerTo(2)).code, grpc.status.OK);
  const stopped = server.shutdown(30_000);
  stream.write(probeRequest(3, "Ping", { text: "too late" }));
  const refused = await answerTo(3);
  t.like(refused, { code: grpc.status.UNAVAILABLE, refused: true });
  const slow = await answerTo(1);
  t.is(slow.code, grpc.status.OK);
  t.is(JSON.parse(Buffer.from(slow.message).toString()).text, "slept");
  t.is(answers.get(2)?.refused, false);
  stream.end();
  t.is((await status).code, grpc.status.OK);
  await stopped;
  t.deepEqual(routesOf(seen, `${PROBE}/Ping`), ["exchange"], "the refused call never ran");
});

/** Calls from `workers` loops until `done()`, each failure noted. */
async function steadyCalls(workers: number, done: () => boolean, makeCall: () => Promise<unknown>) {
  const failures: unknown[] = [];
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!done()) await makeCall().catch((error: unknown) => failures.push(error));
    }),
  );
  return failures;
}

/** Waits until `ready()`, letting the calls under way run. */
async function until(ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise((resolve) => setTimeout(resolve, 5));
}

test("one of two replicas shut down under a steady stream of writes: none fails, and its shutdown needs no grace", async (t) => {
  const { logger, lines } = capturingLogger();
  const leaving = await startKitServer(t, logger);
  const staying = await startKitServer(t);
  const target = `ipv4:${leaving.server.address},${staying.server.address}`;
  const client = unaryClient(t, target);
  const metadata = await bearer();
  const writes = (stack: ProbeStack) => routesOf(stack.seen, `${PROBE}/Write`).length;
  let stoppedWith = -1;
  const running = steadyCalls(
    8,
    () => stoppedWith >= 0 && writes(staying) >= stoppedWith + 100,
    async () => {
      await probe(client, "Slow", { millis: 5 }, { metadata });
      await probe(client, "Write", {}, { metadata });
    },
  );
  await until(() => writes(leaving) >= 50 && writes(staying) >= 50);
  await leaving.server.shutdown(30_000);
  stoppedWith = writes(staying);
  t.deepEqual(await running, []);
  t.true(leaving.seen.every((seenCall) => seenCall.via === "exchange"));
  t.true(staying.seen.every((seenCall) => seenCall.via === "exchange"));
  t.false(
    lines.some((line) => line.msg === "grace period over: cancelling the remaining calls"),
    "the gateway ended its stream once its calls were answered",
  );
});

/** A server that ends each connection after about 150 ms, behind a relay counting connections. */
async function ageingServer(t: Parameters<typeof startBareServer>[0]) {
  const bare = await startBareServer(t, {
    exchange: true,
    serverOptions: { "grpc.max_connection_age_ms": 150, "grpc.max_connection_age_grace_ms": 60_000 },
  });
  const relay = await startCountingRelay(t, bare.port);
  return { bare, relay, client: unaryClient(t, `127.0.0.1:${relay.port}`) };
}

test("writes on connections a server's maximum age ends never fail", async (t) => {
  const { bare, relay, client } = await ageingServer(t);
  const metadata = await bearer();
  // Until the server has ended three connections (a fourth is open), however slowly a loaded machine runs.
  const failures = await steadyCalls(
    8,
    () => relay.connections() >= 4,
    () => probe(client, "Write", {}, { metadata }),
  );
  t.deepEqual(failures, []);
  t.true(bare.exchangesOpened() >= 3, `${bare.exchangesOpened()} exchanges`);
  t.true(bare.seen.length > 0);
  t.true(bare.seen.every((seenCall) => seenCall.via === "exchange"));
});

test("a call cancelled while its connection drains after a GOAWAY still cancels its handler", async (t) => {
  const { bare, relay, client } = await ageingServer(t);
  const response = new EventEmitter();
  const held = call(client, HOLD, Buffer.from("{}"), { timeoutMillis: 20_000, closedBy: response });
  await bare.log.holdStarted;
  // A second connection is made once the first was told to go away: Hold's is draining from then.
  await steadyCalls(
    1,
    () => relay.connections() >= 2,
    () => probe(client, "Ping"),
  );
  response.emit("close");
  const error = await t.throwsAsync<grpc.ServiceError>(held);
  t.is(error?.code, grpc.status.CANCELLED);
  t.is(await bare.log.holdAborted, "AbortError", "cancelled, not cut by its own deadline");
});

test("a server without the exchange answers every call, the first included, each on a stream of its own", async (t) => {
  const bare = await startBareServer(t, { exchange: false });
  const client = unaryClient(t, `127.0.0.1:${bare.port}`);
  const metadata = await bearer();
  t.deepEqual(await probe(client, "Write", {}, { metadata: { ...metadata, "x-request-id": "first" } }), {
    text: "written",
    requestId: "first",
  });
  const replies = await Promise.all(
    Array.from({ length: 20 }, (_, index) => probe(client, "Ping", { text: `${index}` })),
  );
  t.deepEqual(
    replies.map((reply) => reply.text),
    Array.from({ length: 20 }, (_, index) => `${index}`),
  );
  t.deepEqual(routesOf(bare.seen, `${PROBE}/Write`), ["stream"]);
  t.deepEqual(routesOf(bare.seen, `${PROBE}/Ping`), Array(20).fill("stream"));
});
