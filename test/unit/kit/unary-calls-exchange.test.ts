/**
 * The gateway's unary calls as messages of one stream per connection
 * (m3.common.v1.UnaryCallsService/Exchange) against the kit's server on loopback: they go that
 * way, and keep what a call on a stream of its own has (metadata, deadline, auth, a failure's
 * status and metadata, cancellation). Shutdown, GOAWAYs, servers without the exchange and
 * requests too large for it are in unary-calls-exchange-lifecycle.test.ts.
 */
import { EventEmitter } from "node:events";
import * as grpc from "@grpc/grpc-js";
import test from "ava";
import { EXCHANGE_MAX_REQUEST_BYTES } from "../../../gateway/src/engine/http2-call-exchange.js";
import {
  bearer,
  call,
  ERROR_BYTES,
  FAIL_WITH_BYTES,
  HOLD,
  PROBE,
  probe,
  routesOf,
  startBareServer,
  startKitServer,
  unaryClient,
} from "./exchange-harness.js";

test("calls reach their handlers through the exchange, never on a stream of their own", async (t) => {
  const { server, seen } = await startKitServer(t);
  const client = unaryClient(t, server.address);
  t.is((await probe(client, "Ping", { text: "first" })).text, "first");
  await Promise.all(Array.from({ length: 20 }, (_, index) => probe(client, "Ping", { text: `${index}` })));
  t.deepEqual(routesOf(seen, `${PROBE}/Ping`), Array(21).fill("exchange"));
});

test("a connection's calls, a hundred of them, travel on one Exchange stream", async (t) => {
  const bare = await startBareServer(t, { exchange: true });
  const client = unaryClient(t, `127.0.0.1:${bare.port}`);
  await probe(client, "Ping");
  await Promise.all(Array.from({ length: 99 }, () => probe(client, "Ping")));
  t.is(bare.exchangesOpened(), 1);
  t.deepEqual(routesOf(bare.seen, `${PROBE}/Ping`), Array(100).fill("exchange"));
});

test("the handler sees the call's metadata, text and binary, and a deadline close to the client's", async (t) => {
  const { server, seen } = await startKitServer(t);
  const client = unaryClient(t, server.address);
  const traceparent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
  const token = await bearer();
  const metadata = {
    ...token,
    "x-request-id": "req-7",
    traceparent,
    "m3-probe-bin": Buffer.from([0, 1, 254, 255]).toString("base64"),
  };
  const before = Date.now();
  const reply = await probe(client, "Write", {}, { metadata, timeoutMillis: 60_000 });
  const after = Date.now();
  t.deepEqual(reply, { text: "written", requestId: "req-7" });
  const [seenCall] = seen;
  t.is(seenCall?.via, "exchange");
  t.deepEqual(seenCall?.metadata.get("authorization"), [token.authorization]);
  t.deepEqual(seenCall?.metadata.get("traceparent"), [traceparent]);
  t.deepEqual(seenCall?.metadata.get("m3-probe-bin"), [Buffer.from([0, 1, 254, 255])]);
  const deadline = seenCall?.deadline ?? 0;
  t.true(deadline <= after + 60_000, `${deadline - after} ms past the client's deadline`);
  t.true(deadline > before + 50_000, `${deadline - before} ms ahead of the call`);
});

test("a write without a token, or with a bad one, fails UNAUTHENTICATED; with a valid one it is done", async (t) => {
  const { server, seen } = await startKitServer(t);
  const client = unaryClient(t, server.address);
  const missing = await t.throwsAsync<grpc.ServiceError>(probe(client, "Write"));
  t.is(missing?.code, grpc.status.UNAUTHENTICATED);
  t.is(missing?.details, "Missing token");
  const bad = await t.throwsAsync<grpc.ServiceError>(
    probe(client, "Write", {}, { metadata: { authorization: "Bearer not-a-jwt" } }),
  );
  t.is(bad?.code, grpc.status.UNAUTHENTICATED);
  t.is(bad?.details, "Invalid token");
  const done = await probe(client, "Write", {}, { metadata: { ...(await bearer()), "x-request-id": "w-1" } });
  t.deepEqual(done, { text: "written", requestId: "w-1" });
  t.deepEqual(routesOf(seen, `${PROBE}/Write`), ["exchange", "exchange", "exchange"]);
});

/** A failure's code, details and m3 metadata (the protocol's own trailers left out). */
async function failureOf(reply: Promise<unknown>) {
  const error = (await reply.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )) as grpc.ServiceError | undefined;
  if (!error) return "no failure";
  const metadata = Object.entries(error.metadata.getMap()).filter(([key]) => key.startsWith("m3-"));
  return { code: grpc.status[error.code], details: error.details, metadata: Object.fromEntries(metadata) };
}

test("a domain error keeps its code, details and metadata, as on a stream of its own; a crash hides its cause", async (t) => {
  const { server } = await startKitServer(t);
  const failures = async (exchange: boolean) => {
    const client = unaryClient(t, server.address, exchange);
    return [
      await failureOf(probe(client, "Fail", { failure: "domain" })),
      await failureOf(probe(client, "Fail", { failure: "crash" })),
    ];
  };
  const byExchange = await failures(true);
  t.deepEqual(byExchange, await failures(false));
  t.deepEqual(byExchange, [
    {
      code: "INVALID_ARGUMENT",
      details: "name must not be blank",
      metadata: { "m3-error-reason": "BAD_NAME", "m3-error-field": "name", "m3-error-videouuid": "%C3%BC-1" },
    },
    { code: "INTERNAL", details: "Internal server error", metadata: {} },
  ]);
});

test("a failure's binary metadata come back as the same bytes, as on a stream of its own", async (t) => {
  const bare = await startBareServer(t, { exchange: true });
  const failures = async (exchange: boolean) => {
    const client = unaryClient(t, `127.0.0.1:${bare.port}`, exchange);
    return failureOf(call(client, FAIL_WITH_BYTES, Buffer.alloc(0)));
  };
  const byExchange = await failures(true);
  t.deepEqual(byExchange, await failures(false));
  t.deepEqual(byExchange, {
    code: "FAILED_PRECONDITION",
    details: "Bytes at café",
    metadata: { "m3-error-reason": "NO_BYTES", "m3-error-digest-bin": ERROR_BYTES },
  });
  t.is(bare.exchangesOpened(), 1);
});

test("a call past its deadline fails DEADLINE_EXCEEDED and its handler sees itself cut short", async (t) => {
  const { server, log, seen } = await startKitServer(t);
  const client = unaryClient(t, server.address);
  // A first call opens the connection, so the deadline is not spent connecting.
  await probe(client, "Ping");
  const error = await t.throwsAsync<grpc.ServiceError>(
    call(client, HOLD, Buffer.from("{}"), { timeoutMillis: 300 }),
  );
  t.is(error?.code, grpc.status.DEADLINE_EXCEEDED);
  // The server's own timer and the client's cancellation race: either aborts the handler.
  t.regex(await log.holdAborted, /^(TimeoutError|AbortError)$/);
  t.deepEqual(routesOf(seen, HOLD), ["exchange"]);
});

test("a call whose HTTP client goes away is CANCELLED and its handler sees the cancellation", async (t) => {
  const { server, log, seen } = await startKitServer(t);
  const client = unaryClient(t, server.address);
  const response = new EventEmitter();
  const held = call(client, HOLD, Buffer.from("{}"), { timeoutMillis: 60_000, closedBy: response });
  await log.holdStarted;
  response.emit("close");
  const error = await t.throwsAsync<grpc.ServiceError>(held);
  t.is(error?.code, grpc.status.CANCELLED);
  t.is(await log.holdAborted, "AbortError");
  t.is(response.listenerCount("close"), 0);
  t.deepEqual(routesOf(seen, HOLD), ["exchange"]);
  t.is((await probe(client, "Ping", { text: "after" })).text, "after", "the exchange goes on");
});

test("200 concurrent calls are each answered with their own reply", async (t) => {
  const { server, seen } = await startKitServer(t);
  const client = unaryClient(t, server.address);
  const replies = await Promise.all(
    Array.from({ length: 200 }, (_, index) =>
      probe(
        client,
        index % 2 ? "Ping" : "Slow",
        index % 2 ? { text: `call-${index}` } : { millis: index % 7 },
        {
          metadata: { "x-request-id": `req-${index}` },
        },
      ),
    ),
  );
  replies.forEach((reply, index) => {
    t.deepEqual(reply, { text: index % 2 ? `call-${index}` : "slept", requestId: `req-${index}` });
  });
  t.is(seen.length, 200);
  t.true(seen.every((seenCall) => seenCall.via === "exchange"));
});

test("a request and a reply of nearly 4 MiB travel by the exchange, whole, beside small calls", async (t) => {
  const { server, seen } = await startKitServer(t);
  const client = unaryClient(t, server.address);
  const text = "y".repeat(EXCHANGE_MAX_REQUEST_BYTES - 100);
  const [large, ...small] = await Promise.all([
    probe(client, "Ping", { text }),
    ...Array.from({ length: 20 }, (_, index) => probe(client, "Ping", { text: `${index}` })),
  ]);
  t.true(large?.text === text, "the large reply is the request's text");
  t.deepEqual(
    small.map((reply) => reply.text),
    Array.from({ length: 20 }, (_, index) => `${index}`),
  );
  t.deepEqual(routesOf(seen, `${PROBE}/Ping`), Array(21).fill("exchange"));
});

test("a request larger than the exchange takes goes on a stream of its own and is answered", async (t) => {
  const { server, seen } = await startKitServer(t);
  const client = unaryClient(t, server.address);
  await probe(client, "Ping", { text: "small" });
  const text = "x".repeat(EXCHANGE_MAX_REQUEST_BYTES);
  const [large, small] = await Promise.all([
    probe(client, "Ping", { text }),
    probe(client, "Ping", { text: "beside" }),
  ]);
  t.is(large.text, text);
  t.is(small.text, "beside");
  t.deepEqual(routesOf(seen, `${PROBE}/Ping`).sort(), ["exchange", "exchange", "stream"]);
});

test("a request larger than the server takes fails RESOURCE_EXHAUSTED alone; calls on the exchange go on", async (t) => {
  const { server, seen } = await startKitServer(t);
  const client = unaryClient(t, server.address);
  await probe(client, "Ping");
  const beside = Array.from({ length: 10 }, (_, index) =>
    probe(client, "Slow", { millis: 50 }, { metadata: { "x-request-id": `beside-${index}` } }),
  );
  const error = await t.throwsAsync<grpc.ServiceError>(
    probe(client, "Ping", { text: "x".repeat(5 * 1024 * 1024) }),
  );
  t.is(error?.code, grpc.status.RESOURCE_EXHAUSTED);
  const replies = await Promise.all(beside);
  t.deepEqual(
    replies.map((reply) => reply.requestId),
    Array.from({ length: 10 }, (_, index) => `beside-${index}`),
  );
  t.deepEqual(routesOf(seen, `${PROBE}/Ping`), ["exchange"], "the large one never reached the handler");
  t.is((await probe(client, "Ping", { text: "after" })).text, "after");
});
