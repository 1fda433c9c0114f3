// Run by shutdown.test.ts as a separate process: registers the handler and waits for signals.
import { setTimeout as sleep } from "node:timers/promises";
import { pino } from "pino";
import { onShutdownSignal } from "../../../services/kit/grpc/shutdown.js";

const failing = process.argv[2] === "failing";
onShutdownSignal(
  async () => {
    process.stdout.write("handler ran\n");
    await sleep(200);
    if (failing) throw new Error("drain failed");
  },
  pino({ level: "silent" }),
);
process.stdout.write("ready\n");
setInterval(() => {}, 60_000);
