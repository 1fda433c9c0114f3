import test from "ava";
import { createLogger, currentLogger, runWithLogger } from "../../../services/kit/log/logger.js";
import { capturingLogger } from "./probe-service.js";

test.serial("createLogger names the logger and applies the level", (t) => {
  const logger = createLogger({ name: "registry", level: "warn" });
  t.is(logger.level, "warn");
  t.is(createLogger({ name: "kb" }).level, "info");
  t.deepEqual(logger.bindings(), { name: "registry" });
});

test.serial(
  "outside a call the current logger is the first logger created; inside, the call's",
  async (t) => {
    const root = currentLogger();
    t.deepEqual(root.bindings(), { name: "registry" });
    const { logger, lines } = capturingLogger();
    const call = logger.child({ requestId: "r-1" });
    await runWithLogger(call, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      currentLogger().info("deep inside");
    });
    t.is(currentLogger(), root);
    t.like(lines[0], { requestId: "r-1", msg: "deep inside" });
  },
);
