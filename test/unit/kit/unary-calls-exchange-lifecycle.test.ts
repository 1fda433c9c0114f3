/**
 * The gateway's exchange over a connection's life (m3.common.v1.UnaryCallsService/Exchange): a
 * replica's shutdown and its refused calls, maximum connection ages' GOAWAYs, and servers from
 * before the exchange. The calls' own behaviour is in unary-calls-exchange.test.ts; the server's
 * answers message by message in unary-calls-exchange-wire.test.ts.
 */
import { EventEmitter } from "node:events";
import { constants, createServer } from "node:http2";
import * as grpc from "@grpc/grpc-js";
import test from "ava";
import { GrpcFrameReader } from "../../../gateway/src/engine/grpc-frames.js";
import { framedMessage } from "../../../gateway/src/engine/grpc-wire.js";
import {
  ExchangeRequest,
  ExchangeResponse,
  type UnaryCall,
  type UnaryCallOutcome,
} from "../../../proto/gen/m3/common/v1/unary_calls.js";
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

const EXCHANGE_PATH = "/m3.common.v1.UnaryCallsService/Exchange";
const EMPTY = Buffer.alloc(0);

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
  // The next connection is made once Hold's (the latest) was told to go away: it drains from then.
  const holding = relay.connections();
  await steadyCalls(
    1,
    () => relay.connections() > holding,
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

/** A bare node:http2 replica serving only the exchange: every call gets `outcomeOf`'s answer. */
async function startRawReplica(
  t: { teardown(fn: () => void): void },
  outcomeOf: (call: UnaryCall) => UnaryCallOutcome,
) {
  let calls = 0;
  let messages = 0;
  const server = createServer();
  server.on("stream", (stream, headers) => {
    if (headers[":path"] !== EXCHANGE_PATH) return stream.close(constants.NGHTTP2_REFUSED_STREAM);
    stream.respond({ ":status": 200, "content-type": "application/grpc" }, { waitForTrailers: true });
    stream.once("wantTrailers", () => stream.sendTrailers({ "grpc-status": "0" }));
    const reader = new GrpcFrameReader();
    stream.on("data", (chunk: Buffer) => {
      for (const message of reader.push(chunk)) {
        messages += 1;
        const made = ExchangeRequest.decode(message).calls.filter((call) => !call.cancel);
        calls += made.length;
        const outcomes = made.map(outcomeOf);
        if (outcomes.length > 0) stream.write(framedMessage(ExchangeResponse.encode({ outcomes }).finish()));
      }
    });
    stream.on("end", () => stream.end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  t.teardown(() => server.close());
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : 0,
    calls: () => calls,
    messages: () => messages,
  };
}

/** A replica that answers every call `refused`, as one shutting down does. */
function startRefusingReplica(t: { teardown(fn: () => void): void }) {
  return startRawReplica(t, ({ callId }) => ({
    callId,
    code: grpc.status.UNAVAILABLE,
    details: "Shutting down",
    refused: true,
    message: EMPTY,
    metadata: {},
  }));
}

test("calls made in one turn of the event loop travel together, each answered with its own reply", async (t) => {
  const echo = await startRawReplica(t, ({ callId, message }) => ({
    callId,
    code: grpc.status.OK,
    details: "",
    refused: false,
    message,
    metadata: {},
  }));
  const client = unaryClient(t, `127.0.0.1:${echo.port}`);
  await call(client, "/m3.testing.v1.Raw/Echo", Buffer.from("first"));
  const before = echo.messages();
  const texts = Array.from({ length: 20 }, (_, index) => `call ${index}`);
  const replies = await Promise.all(
    texts.map((text) => call(client, "/m3.testing.v1.Raw/Echo", Buffer.from(text))),
  );
  t.deepEqual(
    replies.map((reply) => reply.toString()),
    texts,
  );
  t.is(echo.calls(), 21);
  t.is(echo.messages() - before, 1, "the twenty calls in one message");
});

test("a write a replica refused is sent to the other replica, and done once", async (t) => {
  const refusing = await startRefusingReplica(t);
  const { server, seen } = await startKitServer(t);
  const client = unaryClient(t, `ipv4:127.0.0.1:${refusing.port},${server.address}`);
  const metadata = await bearer();
  for (let index = 0; index < 10; index++) {
    const reply = await probe(
      client,
      "Write",
      {},
      { metadata: { ...metadata, "x-request-id": `w-${index}` } },
    );
    t.is(reply.requestId, `w-${index}`);
  }
  t.true(refusing.calls() >= 4, `${refusing.calls()} refused`);
  t.deepEqual(routesOf(seen, `${PROBE}/Write`), Array(10).fill("exchange"));
});
