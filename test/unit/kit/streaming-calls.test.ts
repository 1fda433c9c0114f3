import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import * as grpc from "@grpc/grpc-js";
import test from "ava";
import { TokenService } from "../../../services/kit/auth/token-service.js";
import { metricsText } from "../../../services/kit/metrics/metrics-registry.js";
import { silentLogger, startProbeServer } from "./probe-service.js";
import { type Item, streamProbeBinding, streamProbeClient } from "./stream-probe-service.js";

const tokens = new TokenService({ signingSecret: "stream-secret", issuer: "http://www.mbari.org" });
const logger = silentLogger();
const { binding, log } = streamProbeBinding(tokens, logger);
const probe = await startProbeServer([binding], logger);
const client = streamProbeClient(probe.server.address);

test.after.always(async () => {
  client.close();
  await probe.close();
});

const CANCELLED_COUNT = /grpc_server_handled_total\{[^}]*grpc_method="Count"[^}]*grpc_code="CANCELLED"/;

// The call's metrics are recorded once the handler has wound down, just after the signal fires.
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let attempt = 0; attempt < 50; attempt++) {
    if (await check()) return true;
    await sleep(20);
  }
  return false;
}

function openStream(name: string, request: unknown, metadata = new grpc.Metadata()) {
  return client[name]?.call(client, request, metadata) as grpc.ClientReadableStream<Item>;
}

async function collect(
  stream: grpc.ClientReadableStream<Item>,
): Promise<{ items: Item[]; error?: grpc.ServiceError }> {
  const items: Item[] = [];
  try {
    for await (const item of stream) items.push(item as Item);
    return { items };
  } catch (error) {
    return { items, error: error as grpc.ServiceError };
  }
}

test("a server-streaming handler's messages arrive in order and the call ends OK", async (t) => {
  const { items, error } = await collect(openStream("count", { count: 5 }));
  t.is(error, undefined);
  t.deepEqual(
    items.map((item) => item.n),
    [0, 1, 2, 3, 4],
  );
});

test("a DomainError before the first message ends the call with its status and metadata", async (t) => {
  const { items, error } = await collect(openStream("count", { count: 5, failAt: 0 }));
  t.is(items.length, 0);
  t.is(error?.code, grpc.status.NOT_FOUND);
  t.is(error?.details, "no item 0");
  t.deepEqual(error?.metadata.get("m3-error-reason"), ["NO_MORE"]);
  t.deepEqual(error?.metadata.get("m3-error-retry-after"), ["2"]);
});

test("a DomainError during the stream ends it with its status after the messages sent", async (t) => {
  const { items, error } = await collect(openStream("count", { count: 5, failAt: 3 }));
  t.deepEqual(
    items.map((item) => item.n),
    [0, 1, 2],
  );
  t.is(error?.code, grpc.status.NOT_FOUND);
});

test("a protected streaming method without a token is UNAUTHENTICATED", async (t) => {
  const { items, error } = await collect(openStream("guardedCount", { count: 2 }));
  t.is(items.length, 0);
  t.is(error?.code, grpc.status.UNAUTHENTICATED);
  t.is(error?.details, "Missing token");
  const metadata = new grpc.Metadata();
  metadata.set("authorization", `Bearer ${await tokens.issue()}`);
  t.is((await collect(openStream("guardedCount", { count: 2 }, metadata))).items.length, 2);
});

test.serial("a slow reader holds the handler back and cancelling aborts ctx.signal", async (t) => {
  const before = log.produced;
  const stream = openStream("count", { endless: true });
  await once(stream, "data");
  stream.pause();
  await sleep(300);
  // grpc-js and HTTP/2 windows buffer some messages, but an endless generator must not run free.
  t.true(log.produced - before < 20_000, `produced ${log.produced - before}`);
  stream.on("error", () => {});
  stream.cancel();
  t.is(await log.aborted, "AbortError");
  t.true(await eventually(async () => CANCELLED_COUNT.test(await metricsText())));
});

test("a client-streaming handler reads every request message", async (t) => {
  const sum = await new Promise<Item>((resolve, reject) => {
    const call = client.sum?.call(
      client,
      new grpc.Metadata(),
      (error: grpc.ServiceError | null, item: Item) => (error ? reject(error) : resolve(item)),
    ) as grpc.ClientWritableStream<Item>;
    for (let n = 1; n <= 100; n++) call.write({ n });
    call.end();
  });
  t.is(sum.n, 5050);
});

test("a unary call's ctx.signal aborts when the client cancels, and the call ends CANCELLED", async (t) => {
  const call = client.hold?.call(client, {}, new grpc.Metadata(), () => {}) as grpc.ClientUnaryCall;
  await log.holdStarted;
  call.cancel();
  t.is(await log.holdAborted, "AbortError");
  t.true(
    await eventually(async () => /grpc_method="Hold"[^}]*grpc_code="CANCELLED"/.test(await metricsText())),
  );
});
