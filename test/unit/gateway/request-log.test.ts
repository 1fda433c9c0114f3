import { status } from "@grpc/grpc-js";
import test from "ava";
import { pino } from "pino";
import type { AccessLogSettings } from "../../../gateway/src/server/access-log.js";
import { readAccessLogSettings } from "../../../gateway/src/server/access-log.js";
import { call, startHarness } from "../../support/gateway/gateway-harness.js";

function capturingLogger(level = "info"): { logger: pino.Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const ALL: AccessLogSettings = { mode: "all", slowRequestMillis: 1000 };

test("with M3_ACCESS_LOG=all each request logs one line with method, path, status, duration and request id", async (t) => {
  const { logger, lines } = capturingLogger();
  const { origin, fake } = await startHarness(t, { gateway: { logger, accessLog: ALL } });
  fake.reply("GetSample", {});
  await call(`${origin}/sample/v1/samples/abc?with_payload=1`, { headers: { "x-request-id": "req-7" } });
  const requests = lines.filter((line) => line.msg === "request");
  t.is(requests.length, 1);
  t.like(requests[0], { method: "GET", path: "/sample/v1/samples/abc", status: 200, requestId: "req-7" });
  t.is(typeof requests[0]?.durationMs, "number");
});

test("a request answered with a server error logs at error level with the error", async (t) => {
  const { logger, lines } = capturingLogger();
  const { origin, fake } = await startHarness(t, { gateway: { logger } });
  fake.fail("GetSample", status.INTERNAL, "disk full");
  const reply = await call(`${origin}/sample/v1/samples/abc`);
  t.deepEqual(reply.body, { message: "disk full", responseCode: 500 });
  const failed = lines.filter((line) => line.msg === "request failed");
  t.is(failed.length, 1);
  t.like(failed[0], { status: 500, level: 50, err: { message: "disk full" } });
});

test("by default a successful request logs nothing at info, and its line at debug", async (t) => {
  const info = capturingLogger("info");
  const debug = capturingLogger("debug");
  for (const { logger } of [info, debug]) {
    const { origin, fake } = await startHarness(t, { gateway: { logger } });
    fake.reply("GetSample", {});
    t.is(
      (await call(`${origin}/sample/v1/samples/abc`, { headers: { "x-request-id": "req-8" } })).status,
      200,
    );
  }
  t.deepEqual(info.lines, []);
  const requests = debug.lines.filter((line) => line.msg === "request");
  t.is(requests.length, 1);
  t.like(requests[0], { level: 20, status: 200, requestId: "req-8" });
});

test("a request slower than the threshold logs a warning with its request id, whatever the mode", async (t) => {
  const { logger, lines } = capturingLogger();
  const { origin, fake } = await startHarness(t, {
    gateway: { logger, accessLog: { mode: "errors-and-slow", slowRequestMillis: 300 } },
  });
  fake.reply("GetSample", {});
  fake.delayReplies(400);
  await call(`${origin}/sample/v1/samples/abc`, { headers: { "x-request-id": "req-slow" } });
  const slow = lines.filter((line) => line.requestId === "req-slow");
  t.is(slow.length, 1);
  t.like(slow[0], { msg: "slow request", level: 40, path: "/sample/v1/samples/abc", status: 200 });
  t.true(Number(slow[0]?.durationMs) >= 300);
});

test("M3_ACCESS_LOG and M3_SLOW_REQUEST_MILLIS are read with their defaults, and a wrong mode is refused", (t) => {
  t.deepEqual(readAccessLogSettings({}), { mode: "errors-and-slow", slowRequestMillis: 1000 });
  t.deepEqual(readAccessLogSettings({ M3_ACCESS_LOG: "ALL", M3_SLOW_REQUEST_MILLIS: "250" }), {
    mode: "all",
    slowRequestMillis: 250,
  });
  t.throws(() => readAccessLogSettings({ M3_ACCESS_LOG: "some" }), { message: /M3_ACCESS_LOG/ });
});
