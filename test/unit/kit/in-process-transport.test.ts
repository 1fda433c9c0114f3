import { EventEmitter } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import * as grpc from "@grpc/grpc-js";
import test, { type ExecutionContext } from "ava";
import type { DomainTransport } from "../../../gateway/src/engine/domain-transport.js";
import { DomainClient } from "../../../gateway/src/engine/grpc-caller.js";
import { checkHealth } from "../../../gateway/src/server/grpc-health.js";
import { TokenService } from "../../../services/kit/auth/token-service.js";
import type { CallMetadata } from "../../../services/kit/grpc/call-metadata.js";
import { HIGH_WATER_MARK } from "../../../services/kit/grpc/in-process-calls.js";
import { InProcessTransport } from "../../../services/kit/grpc/in-process-transport.js";
import { metricsText } from "../../../services/kit/metrics/metrics-registry.js";
import { probeBinding, silentLogger, startProbeServer } from "./probe-service.js";
import { type StreamProbeLog, streamProbeBinding } from "./stream-probe-service.js";

const tokens = new TokenService({ signingSecret: "in-process-secret", issuer: "http://www.mbari.org" });
const TRANSPORTS = ["grpc", "in-process"] as const;
type Transport = (typeof TRANSPORTS)[number];

const PROBE = "/m3.testing.v1.ProbeService";
const STREAM = "/m3.testing.v1.StreamProbeService";

interface Stack {
  transports: Record<Transport, DomainTransport>;
  log: StreamProbeLog;
  stop(): Promise<void>;
}

/** The probe services on one kit server, reachable over its socket and in process. */
async function startStack(t: ExecutionContext): Promise<Stack> {
  const logger = silentLogger();
  const streams = streamProbeBinding(tokens, logger);
  const { server, close } = await startProbeServer([probeBinding(tokens, logger), streams.binding], logger);
  const grpcClient = new DomainClient("probe", server.address);
  const stop = async () => {
    grpcClient.close();
    await close();
  };
  t.teardown(stop);
  return {
    transports: { grpc: grpcClient, "in-process": new InProcessTransport("probe", server.inProcess) },
    log: streams.log,
    stop,
  };
}

const json = (value: unknown): Uint8Array => Buffer.from(JSON.stringify(value));

function metadataOf(entries: Record<string, string> = {}): CallMetadata {
  return { ...entries };
}

/** What grpc-js puts in the trailers of a call that fails before any message: HTTP/2 headers, not the domain's. */
const HTTP2_HEADERS = ["content-type", "date"];

function trailersOf(metadata: grpc.Metadata): Record<string, unknown> {
  const entries = metadata.getMap();
  for (const key of HTTP2_HEADERS) delete entries[key];
  return entries;
}

/** A call's answer in a comparable shape: the reply's JSON, or the status with its trailers. */
async function outcome(reply: Promise<Buffer>): Promise<unknown> {
  try {
    return { reply: JSON.parse((await reply).toString()) };
  } catch (error) {
    const { code, details, metadata } = error as grpc.ServiceError;
    return { code: grpc.status[code], details, metadata: trailersOf(metadata) };
  }
}

async function streamOutcome(messages: AsyncIterable<Buffer>): Promise<unknown> {
  const items: unknown[] = [];
  try {
    for await (const message of messages) items.push(JSON.parse(message.toString()));
    return { items };
  } catch (error) {
    const { code, details, metadata } = error as grpc.ServiceError;
    return { items, code: grpc.status[code], details, metadata: trailersOf(metadata) };
  }
}

function unary(
  transport: DomainTransport,
  method: string,
  request: unknown,
  extra: Record<string, string> = {},
) {
  return outcome(
    transport.unary(`${PROBE}/${method}`, json(request), {
      metadata: metadataOf(extra),
      timeoutMillis: 5000,
    }),
  );
}

test("unary replies, DomainError statuses with their trailers and hidden crashes are the same in process", async (t) => {
  const { transports } = await startStack(t);
  const answers = async (transport: DomainTransport) => [
    await unary(transport, "Ping", { text: "hello" }, { "x-request-id": "req-1" }),
    await unary(transport, "Fail", { failure: "domain" }),
    await unary(transport, "Fail", { failure: "crash" }),
    await outcome(
      transport.unary("/m3.testing.v1.ProbeService/Missing", json({}), {
        metadata: metadataOf(),
        timeoutMillis: 5000,
      }),
    ),
  ];
  const inProcess = await answers(transports["in-process"]);
  t.deepEqual(inProcess, await answers(transports.grpc));
  t.deepEqual(inProcess[0], { reply: { text: "hello", requestId: "req-1" } });
  t.deepEqual(inProcess[1], {
    code: "INVALID_ARGUMENT",
    details: "name must not be blank",
    metadata: { "m3-error-reason": "BAD_NAME", "m3-error-field": "name", "m3-error-videouuid": "%C3%BC-1" },
  });
  t.deepEqual(inProcess[2], { code: "INTERNAL", details: "Internal server error", metadata: {} });
  t.like(inProcess[3], { code: "UNIMPLEMENTED" });
});

test("auth runs in process as over gRPC: no token, a bad token, a valid token", async (t) => {
  const { transports } = await startStack(t);
  const bearer = `Bearer ${await tokens.issue()}`;
  const answers = async (transport: DomainTransport) => [
    await unary(transport, "Write", {}),
    await unary(transport, "Write", {}, { authorization: "Bearer not-a-jwt" }),
    await unary(transport, "Write", {}, { authorization: bearer, "x-request-id": "req-2" }),
  ];
  const inProcess = await answers(transports["in-process"]);
  t.deepEqual(inProcess, await answers(transports.grpc));
  t.like(inProcess[0], { code: "UNAUTHENTICATED", details: "Missing token" });
  t.like(inProcess[1], { code: "UNAUTHENTICATED", details: "Invalid token" });
  t.deepEqual(inProcess[2], { reply: { text: "written", requestId: "req-2" } });
});

for (const transport of TRANSPORTS) {
  test(`${transport}: a call past its deadline is DEADLINE_EXCEEDED and the handler's signal aborts`, async (t) => {
    const { transports, log } = await startStack(t);
    // A first call opens the channel, so the deadline is not spent connecting before Hold starts.
    await unary(transports[transport], "Ping", {});
    const reply = transports[transport].unary(`${STREAM}/Hold`, json({}), {
      metadata: metadataOf(),
      timeoutMillis: 500,
    });
    t.like(await outcome(reply), { code: "DEADLINE_EXCEEDED" });
    // Over gRPC, grpc-js reports the passed deadline as a cancellation before the kit's own timer fires.
    t.regex(await log.holdAborted, transport === "grpc" ? /^(TimeoutError|AbortError)$/ : /^TimeoutError$/);
  });

  test(`${transport}: a unary call that ends stops watching its client's response`, async (t) => {
    const { transports } = await startStack(t);
    const response = new EventEmitter();
    const reply = transports[transport].unary(`${PROBE}/Ping`, json({}), {
      metadata: metadataOf(),
      timeoutMillis: 5000,
      closedBy: response,
    });
    t.is(response.listenerCount("close"), 1);
    t.like(await outcome(reply), { reply: { text: "pong" } });
    t.is(response.listenerCount("close"), 0);
  });

  test(`${transport}: a unary call whose client closes is CANCELLED and the handler sees the cancellation`, async (t) => {
    const { transports, log } = await startStack(t);
    const response = new EventEmitter();
    const reply = transports[transport].unary(`${STREAM}/Hold`, json({}), {
      metadata: metadataOf(),
      timeoutMillis: 5000,
      closedBy: response,
    });
    await log.holdStarted;
    response.emit("close");
    t.like(await outcome(reply), { code: "CANCELLED" });
    t.is(await log.holdAborted, "AbortError");
  });

  test(`${transport}: cancelling a server stream mid-way aborts the handler's signal`, async (t) => {
    const { transports, log } = await startStack(t);
    const stream = transports[transport].serverStream(`${STREAM}/Count`, json({ endless: true }), {
      metadata: metadataOf(),
    });
    const messages = stream[Symbol.asyncIterator]();
    t.deepEqual(JSON.parse(((await messages.next()).value as Buffer).toString()), { n: 0 });
    stream.cancel();
    t.is(await log.aborted, "AbortError");
    const rest = await messages.next().then(
      () => "no error",
      (error: grpc.ServiceError) => grpc.status[error.code],
    );
    t.is(rest, "CANCELLED");
  });

  test(`${transport}: a client stream is summed, and cancelling it fails its reply with CANCELLED`, async (t) => {
    const { transports } = await startStack(t);
    const summed = transports[transport].clientStream(`${STREAM}/Sum`, { metadata: metadataOf() });
    for (let n = 1; n <= 100; n++) summed.call.write(Buffer.from(JSON.stringify({ n })));
    summed.call.end();
    t.deepEqual(await outcome(summed.reply), { reply: { n: 5050 } });
    const cancelled = transports[transport].clientStream(`${STREAM}/Sum`, { metadata: metadataOf() });
    cancelled.call.write(Buffer.from(JSON.stringify({ n: 1 })));
    cancelled.call.cancel();
    t.like(await outcome(cancelled.reply), { code: "CANCELLED" });
  });
}

test("server streams end alike: every message, or the messages sent then the error with its trailers", async (t) => {
  const { transports } = await startStack(t);
  const answers = async (transport: DomainTransport) => [
    await streamOutcome(
      transport.serverStream(`${STREAM}/Count`, json({ count: 3 }), { metadata: metadataOf() }),
    ),
    await streamOutcome(
      transport.serverStream(`${STREAM}/Count`, json({ count: 5, failAt: 2 }), { metadata: metadataOf() }),
    ),
    await streamOutcome(
      transport.serverStream(`${STREAM}/GuardedCount`, json({ count: 1 }), { metadata: metadataOf() }),
    ),
  ];
  const inProcess = await answers(transports["in-process"]);
  t.deepEqual(inProcess, await answers(transports.grpc));
  t.deepEqual(inProcess[0], { items: [{ n: 0 }, { n: 1 }, { n: 2 }] });
  t.deepEqual(inProcess[1], {
    items: [{ n: 0 }, { n: 1 }],
    code: "NOT_FOUND",
    details: "no item 2",
    metadata: { "m3-error-reason": "NO_MORE", "m3-error-retry-after": "2" },
  });
  t.like(inProcess[2], { items: [], code: "UNAUTHENTICATED", details: "Missing token" });
});

test.serial(
  "in process, a reader that stops holds the streaming handler back within the high-water mark",
  async (t) => {
    const { transports, log } = await startStack(t);
    const stream = transports["in-process"].serverStream(`${STREAM}/Count`, json({ endless: true }), {
      metadata: metadataOf(),
    });
    const messages = stream[Symbol.asyncIterator]();
    await messages.next();
    await sleep(100);
    t.true(log.produced <= HIGH_WATER_MARK + 2, `the handler ran ahead to ${log.produced}`);
    for (let read = 0; read < 100; read++) await messages.next();
    t.true(log.produced >= 101, "reading again lets it go on");
    stream.cancel();
    t.is(await log.aborted, "AbortError");
  },
);

test.serial("in-process calls are counted in the gRPC metrics and answer health checks", async (t) => {
  const { transports, stop } = await startStack(t);
  const inProcess = transports["in-process"];
  await unary(inProcess, "Ping", {});
  t.regex(await metricsText(), /grpc_server_handled_total\{[^}]*grpc_method="Ping"[^}]*\} \d+/);
  t.is(await checkHealth(inProcess, 1000), "SERVING");
  t.is(await checkHealth(inProcess, 1000, "m3.testing.v1.ProbeService"), "SERVING");
  t.true(inProcess.isConnected());
  await stop();
  t.false(inProcess.isConnected());
  t.is(await checkHealth(inProcess, 1000), "UNAVAILABLE");
});
