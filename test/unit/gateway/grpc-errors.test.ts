import { Metadata, status } from "@grpc/grpc-js";
import test from "ava";
import Koa from "koa";
import type { DomainTransport } from "../../../gateway/src/engine/domain-transport.js";
import { gatewayErrorOf } from "../../../gateway/src/engine/grpc-errors.js";
import type { BoundRoute } from "../../../gateway/src/engine/route-binding.js";
import { errorHandler } from "../../../gateway/src/server/error-handler.js";
import { startGateway } from "../../../gateway/src/server/gateway-listener.js";
import { call, gatewayOptions, startHarness } from "../../support/gateway/gateway-harness.js";
import { sampleRoutes } from "../../support/gateway/sample-routes.js";
import { downTarget } from "../../support/gateway/test-transport.js";

const UUID = "0190a9e4-5b3c-7d2e-8f10-123456789abc";

const CASES: ReadonlyArray<[status, number]> = [
  [status.INVALID_ARGUMENT, 400],
  [status.UNAUTHENTICATED, 401],
  [status.PERMISSION_DENIED, 403],
  [status.NOT_FOUND, 404],
  [status.ALREADY_EXISTS, 409],
  [status.RESOURCE_EXHAUSTED, 429],
  [status.INTERNAL, 500],
];

test("a gRPC error becomes the JSON error body with the mapped status and the domain's message", async (t) => {
  const { origin, fake } = await startHarness(t);
  for (const [code, http] of CASES) {
    fake.fail("GetSample", code, `details of ${status[code]}`);
    const reply = await call(`${origin}/sample/v1/samples/${UUID}`);
    t.is(reply.status, http);
    t.is(reply.headers.get("content-type"), "application/json; charset=utf-8");
    t.deepEqual(reply.body, { message: `details of ${status[code]}`, responseCode: http });
  }
});

test("a route's errorStatus overrides the table for that route only", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.fail("DeleteSample", status.NOT_FOUND, "Not found");
  fake.fail("GetSample", status.NOT_FOUND, "Not found");
  const deleted = await call(`${origin}/sample/v1/samples/${UUID}`, { method: "DELETE" });
  t.deepEqual(deleted.body, { message: "Not found", responseCode: 500 });
  const read = await call(`${origin}/sample/v1/samples/${UUID}`);
  t.deepEqual(read.body, { message: "Not found", responseCode: 404 });
});

test("a domain that is down is a 503 JSON body naming the domain, with a Retry-After", async (t) => {
  const gateway = await startGateway({
    ...gatewayOptions([downTarget(sampleRoutes)]),
    port: 0,
    host: "127.0.0.1",
  });
  t.teardown(() => gateway.close());
  const reply = await call(`http://127.0.0.1:${gateway.port}/sample/v1/samples/${UUID}`);
  t.is(reply.status, 503);
  t.deepEqual(reply.body, { message: "The sample service is unavailable", responseCode: 503 });
  t.is(reply.headers.get("retry-after"), "5");
});

test("UNAVAILABLE sent by a running domain keeps the domain's message", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.fail("GetSample", status.UNAVAILABLE, "ffmpeg is busy");
  const reply = await call(`${origin}/sample/v1/samples/${UUID}`);
  t.deepEqual(reply.body, { message: "ffmpeg is busy", responseCode: 503 });
});

test("a call past its deadline is a 504 JSON body", async (t) => {
  const { origin, fake } = await startHarness(t, { gateway: { callTimeoutMillis: 50 } });
  fake.reply("GetSample", {});
  fake.delayReplies(300);
  const reply = await call(`${origin}/sample/v1/samples/${UUID}`);
  t.is(reply.status, 504);
  t.is((reply.body as { responseCode: number }).responseCode, 504);
});

test("an unexpected exception is a 500 JSON body that does not leak its message", async (t) => {
  const app = new Koa();
  app.use(errorHandler());
  app.use(() => {
    throw new Error("connection string mysql://secret@db");
  });
  const server = app.listen(0, "127.0.0.1");
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as import("node:net").AddressInfo;
  const reply = await call(`http://127.0.0.1:${port}/`);
  t.is(reply.status, 500);
  t.deepEqual(reply.body, { message: "Internal server error", responseCode: 500 });
});

test("only error metadata named http-header-<name> becomes a response header, in HTTP casing", (t) => {
  const metadata = new Metadata();
  metadata.set("m3-error-reason", "BUSY");
  metadata.set("m3-error-http-header-retry-after", "2");
  metadata.set("m3-error-http-header-x-rate-limit", "10");
  metadata.set("m3-error-field", "name");
  const route = { errorStatus: {}, domain: "sample" } as unknown as BoundRoute;
  const client = { isConnected: () => true } as unknown as DomainTransport;
  const error = gatewayErrorOf({ code: status.UNAVAILABLE, details: "Busy", metadata }, route, client);
  t.is(error.status, 503);
  t.deepEqual(error.headers, { "Retry-After": "2", "X-Rate-Limit": "10" });
});
