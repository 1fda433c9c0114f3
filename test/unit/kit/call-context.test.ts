import * as grpc from "@grpc/grpc-js";
import test from "ava";
import type { Logger } from "pino";
import { openCallContext } from "../../../services/kit/grpc/call-context.js";
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
  await new Promise((resolve) => setTimeout(resolve, 1));
  t.is(children(), 0);
  ctx.logger.info("the domain logs");
  ctx.logger.warn("and again");
  t.is(children(), 1);
  t.like(lines[0], {
    requestId: "req-9",
    method: "m3.registry.v1.VideoService/GetVideo",
    msg: "the domain logs",
  });
  t.like(lines[1], { requestId: "req-9", msg: "and again" });
});

/** A server call whose "cancelled" event the test fires. */
function cancellableCall(deadline: number) {
  const listeners: (() => void)[] = [];
  return {
    call: {
      metadata: new grpc.Metadata(),
      getDeadline: () => deadline,
      on: (_event: "cancelled", listener: () => void) => listeners.push(listener),
    },
    cancel: () => {
      for (const listener of listeners) listener();
    },
  };
}

test("the close grpc-js reports as 'cancelled' after a completed call aborts nothing", (t) => {
  const { call, cancel } = cancellableCall(Number.POSITIVE_INFINITY);
  const live = openCallContext(call, NAMES, capturingLogger().logger);
  live.release();
  cancel();
  t.is(live.interruption(), undefined);
  t.false(live.ctx.signal.aborted);
});

test("a cancellation before the handler reads its signal leaves the signal aborted with an AbortError", (t) => {
  const { call, cancel } = cancellableCall(Number.POSITIVE_INFINITY);
  const live = openCallContext(call, NAMES, capturingLogger().logger);
  t.teardown(live.release);
  cancel();
  t.is(live.interruption(), "cancelled");
  t.true(live.ctx.signal.aborted);
  t.is((live.ctx.signal.reason as DOMException).name, "AbortError");
});

test("a passed deadline is reported without a signal, and a signal read then is aborted with a TimeoutError", async (t) => {
  const { call } = cancellableCall(Date.now() + 20);
  const live = openCallContext(call, NAMES, capturingLogger().logger);
  t.teardown(live.release);
  t.is(live.interruption(), undefined);
  await new Promise((resolve) => setTimeout(resolve, 30));
  t.is(live.interruption(), "deadline");
  t.true(live.ctx.signal.aborted);
  t.is((live.ctx.signal.reason as DOMException).name, "TimeoutError");
});

test("a signal read before the deadline aborts with a TimeoutError when it passes", async (t) => {
  const { call } = cancellableCall(Date.now() + 20);
  const live = openCallContext(call, NAMES, capturingLogger().logger);
  t.teardown(live.release);
  const { signal } = live.ctx;
  t.false(signal.aborted);
  // The deadline timer does not hold the process open; this one does until it has fired.
  await new Promise((resolve) => setTimeout(resolve, 40));
  t.true(signal.aborted);
  t.is((signal.reason as DOMException).name, "TimeoutError");
});
