import * as grpc from "@grpc/grpc-js";
import test from "ava";
import type { Logger } from "pino";
import { openCallContext } from "../../../services/kit/grpc/call-context.js";
import { currentLogger, runWithLogger } from "../../../services/kit/log/logger.js";
import { capturingLogger } from "./probe-service.js";

function countingChildren(logger: Logger): { parent: Logger; children: () => number } {
  let made = 0;
  const parent = Object.create(logger) as Logger;
  parent.child = ((...args: Parameters<Logger["child"]>) => {
    made++;
    return logger.child(...args);
  }) as Logger["child"];
  return { parent, children: () => made };
}

function callWithRequestId(requestId: string) {
  const metadata = new grpc.Metadata();
  metadata.set("x-request-id", requestId);
  return { metadata, getDeadline: () => Number.POSITIVE_INFINITY, on: () => undefined };
}

const NAMES = { service: "m3.registry.v1.VideoService", method: "GetVideo" };

test("a call's logger is made only when something logs, once, with the request id and method", async (t) => {
  const { logger, lines } = capturingLogger();
  const { parent, children } = countingChildren(logger);
  const { ctx, release } = openCallContext(callWithRequestId("req-9"), NAMES, parent);
  t.teardown(release);
  await runWithLogger(
    () => ctx.logger,
    async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      t.is(children(), 0);
      currentLogger().info("the domain logs");
      ctx.logger.warn("and again");
    },
  );
  t.is(children(), 1);
  t.like(lines[0], {
    requestId: "req-9",
    method: "m3.registry.v1.VideoService/GetVideo",
    msg: "the domain logs",
  });
  t.like(lines[1], { requestId: "req-9", msg: "and again" });
});
