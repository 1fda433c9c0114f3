import { executionAsyncId } from "node:async_hooks";
import test from "ava";
import { TokenService } from "../../../services/kit/auth/token-service.js";
import { callUnary, capturingLogger, probeBinding, startProbeServer } from "./probe-service.js";

// Node 20 gives promises async ids only while some async hook is on, and an AsyncLocalStorage
// turns them on for the whole process once it is first run: then every promise pays for them.
test("serving calls turns on no async hooks: a call's logger goes with its context, not an async scope", async (t) => {
  const { logger, lines } = capturingLogger();
  const probe = await startProbeServer(
    [probeBinding(new TokenService({ signingSecret: "s", issuer: "i" }))],
    logger,
  );
  t.teardown(() => probe.close());
  await callUnary(probe.client, "ping", {}, { "x-request-id": "hooks-off" });
  t.is(lines.find((line) => line.probe === "ping")?.requestId, "hooks-off");
  await Promise.resolve();
  t.is(executionAsyncId(), 0, "promises carry async ids: some async hook is on");
});
