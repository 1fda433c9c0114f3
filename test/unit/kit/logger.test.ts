import test from "ava";
import { createLogger, processLogger } from "../../../services/kit/log/logger.js";

test.serial("createLogger names the logger and applies the level", (t) => {
  const logger = createLogger({ name: "registry", level: "warn" });
  t.is(logger.level, "warn");
  t.is(createLogger({ name: "kb" }).level, "info");
  t.deepEqual(logger.bindings(), { name: "registry" });
});

test.serial("the process's logger is the first logger created", (t) => {
  createLogger({ name: "annotation" });
  t.deepEqual(processLogger().bindings(), { name: "registry" });
  t.is(processLogger(), processLogger());
});
