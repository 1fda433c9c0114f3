import { status } from "@grpc/grpc-js";
import test from "ava";
import { pino } from "pino";
import { call, startHarness } from "../../support/gateway/gateway-harness.js";

function capturingLogger(): { logger: pino.Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

test("each request logs one line with method, path, status, duration and request id", async (t) => {
  const { logger, lines } = capturingLogger();
  const { origin, fake } = await startHarness(t, { gateway: { logger } });
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
