import { availableParallelism } from "node:os";
import test from "ava";
import { readAllInOneConfig, readInProcessCalls } from "../../../tools/m3/all-in-one/config.js";

test("--demo and M3_DEMO turn the demo on and imply the kb import", (t) => {
  const byFlag = readAllInOneConfig({}, ["--demo"]);
  t.true(byFlag.demo);
  t.true(byFlag.importKb);
  const byEnv = readAllInOneConfig({ M3_DEMO: "true" }, []);
  t.true(byEnv.demo);
  t.true(byEnv.importKb);
  const plain = readAllInOneConfig({}, []);
  t.false(plain.demo);
  t.false(plain.importKb);
});

test("--import-kb alone imports the kb without the demo; both flags together are accepted", (t) => {
  t.like(readAllInOneConfig({}, ["--import-kb"]), { importKb: true, demo: false });
  t.like(readAllInOneConfig({}, ["--import-kb", "--demo"]), { importKb: true, demo: true });
});

test("an unknown option names itself and every option there is", (t) => {
  t.throws(() => readAllInOneConfig({}, ["--demo", "--dmeo"]), {
    message: "unknown option --dmeo: the options are --import-kb and --demo",
  });
});

test("a bad M3_DEMO value fails with what it accepts", (t) => {
  t.throws(() => readAllInOneConfig({ M3_DEMO: "please" }, []), { message: /M3_DEMO must be true or false/ });
});

test("the gateway calls its domains in process unless M3_IN_PROCESS_CALLS is false", (t) => {
  t.true(readInProcessCalls({}));
  t.true(readInProcessCalls({ M3_IN_PROCESS_CALLS: "true" }));
  t.false(readInProcessCalls({ M3_IN_PROCESS_CALLS: "false" }));
  t.throws(() => readInProcessCalls({ M3_IN_PROCESS_CALLS: "grpc" }), {
    message: /M3_IN_PROCESS_CALLS must be true or false/,
  });
});

test("M3_WORKERS defaults to the cores available; 1 keeps one process; a count below 1 or not a number fails", (t) => {
  t.is(readAllInOneConfig({}, []).workers, Math.min(availableParallelism(), 64));
  t.is(readAllInOneConfig({ M3_WORKERS: "1" }, []).workers, 1);
  t.is(readAllInOneConfig({ M3_WORKERS: "3" }, []).workers, 3);
  t.throws(() => readAllInOneConfig({ M3_WORKERS: "0" }, []), { message: /M3_WORKERS/ });
  t.throws(() => readAllInOneConfig({ M3_WORKERS: "two" }, []), { message: /M3_WORKERS/ });
});

test("a ZeroMQ port with more than one worker is refused, naming the way out; with one it is taken", (t) => {
  t.throws(() => readAllInOneConfig({ M3_WORKERS: "2", M3_EVENTS_ZEROMQ_PORT: "5563" }, []), {
    message: /M3_EVENTS_ZEROMQ_PORT needs one process: set M3_WORKERS=1/,
  });
  t.is(readAllInOneConfig({ M3_WORKERS: "1", M3_EVENTS_ZEROMQ_PORT: "5563" }, []).workers, 1);
});
