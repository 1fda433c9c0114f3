/**
 * The gateway in front of domains called in process, as `npm start` runs it, whatever
 * M3_TEST_TRANSPORT says: deadlines, a client leaving a streamed reply, error metadata as
 * headers, auth, and a domain whose server stopped. The other gateway tests run under both
 * transports through M3_TEST_TRANSPORT.
 */
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import test from "ava";
import { startGateway } from "../../../gateway/src/server/gateway-listener.js";
import { call, gatewayOptions, startHarness } from "../../support/gateway/gateway-harness.js";
import { sampleRoutes } from "../../support/gateway/sample-routes.js";
import { blobBytes, startStreamStack } from "../../support/gateway/stream-fixture-server.js";
import { downTarget } from "../../support/gateway/test-transport.js";

const UUID = "0190a9e4-5b3c-7d2e-8f10-123456789abc";

test("in process, a call past its deadline is a 504 JSON body", async (t) => {
  const { origin, fake } = await startHarness(t, {
    gateway: { callTimeoutMillis: 50 },
    transport: "in-process",
  });
  fake.reply("GetSample", {});
  fake.delayReplies(300);
  const reply = await call(`${origin}/sample/v1/samples/${UUID}`);
  t.is(reply.status, 504);
  t.deepEqual(reply.body, { message: "Deadline exceeded", responseCode: 504 });
});

test("in process, a client leaving a json-stream cancels the call: the handler's signal aborts", async (t) => {
  const { origin, probe } = await startStreamStack(t, "in-process");
  await new Promise<void>((resolve, reject) => {
    const request = http.get(`${origin}/stream/v1/items?endless=true&page_size=100`, (response) => {
      response.once("data", () => {
        request.destroy();
        resolve();
      });
    });
    request.once("error", reject);
  });
  t.is(await probe.abortOf("listItems"), "AbortError");
  const producedAtAbort = probe.itemsProduced;
  await sleep(100);
  t.is(probe.itemsProduced, producedAtAbort);
});

test("in process, DomainError metadata named http-header- becomes a response header", async (t) => {
  const { origin } = await startStreamStack(t, "in-process");
  const reply = await call(`${origin}/stream/v1/items?count=5&fail_first=true`);
  t.is(reply.status, 503);
  t.deepEqual(reply.body, { message: "Try again later", responseCode: 503 });
  t.is(reply.headers.get("retry-after"), "2");
});

test("in process, a protected method needs a valid JWT, and the domain sees the one given", async (t) => {
  const { origin, bearer } = await startStreamStack(t, "in-process");
  const url = `${origin}/stream/v1/blob?size=10&chunk_size=4`;
  t.deepEqual((await call(url)).body, { message: "Missing token", responseCode: 401 });
  const forged = await call(url, { headers: { authorization: "Bearer not.a.jwt" } });
  t.deepEqual(forged.body, { message: "Invalid token", responseCode: 401 });
  const allowed = await fetch(url, { headers: { authorization: bearer } });
  t.is(allowed.status, 200);
  t.deepEqual(Buffer.from(await allowed.arrayBuffer()), blobBytes(10));
});

test("in process, a multipart upload streams to the domain's client-streaming handler", async (t) => {
  const { origin, bearer, probe } = await startStreamStack(t, "in-process");
  const body = new FormData();
  body.append(
    "file",
    new Blob([new Uint8Array(blobBytes(200_000))], { type: "application/x-dive" }),
    "d.bin",
  );
  const reply = await call(`${origin}/stream/v1/blobs/alice`, {
    method: "POST",
    headers: { authorization: bearer },
    body,
  });
  t.is(reply.status, 200, reply.text);
  t.like(reply.body, { size: 200_000, header: { owner: "alice", fileName: "d.bin" } });
  t.is(probe.uploadsCompleted, 1);
});

test("in process, a domain whose server stopped is a 503 naming the domain, with a Retry-After", async (t) => {
  const gateway = await startGateway({
    ...gatewayOptions([downTarget(sampleRoutes, "in-process")]),
    port: 0,
    host: "127.0.0.1",
  });
  t.teardown(() => gateway.close());
  const reply = await call(`http://127.0.0.1:${gateway.port}/sample/v1/samples/${UUID}`);
  t.is(reply.status, 503);
  t.deepEqual(reply.body, { message: "The sample service is unavailable", responseCode: 503 });
  t.is(reply.headers.get("retry-after"), "5");
});
