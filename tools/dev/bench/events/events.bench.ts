/**
 * Change events benchmark (not a test): annotation writes through the real gateway into the
 * annotation service (its own child process, gRPC between them as in the chart, SQLite or
 * BENCH_EVENTS_DATABASE_URL), first without any event subscriber (the floor), then with
 * BENCH_EVENTS_SUBSCRIBERS server-sent-events clients of which one never reads.
 * - Open loop at BENCH_EVENTS_RATE writes/s for BENCH_EVENTS_SECONDS: writes/s achieved, the
 *   write's p50/p99, and when each write's notice reached the readers: after the write's reply
 *   (commit → reply → ... a notice can come first, negative) and from the write's request
 *   (an upper bound of commit → delivery).
 * - Closed loop at concurrency 8 for the same time: the most writes/s, with and without.
 * Run: npm run bench:events
 */
import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { startGateway } from "../../../../gateway/src/index.js";
import { annotationRoutes } from "../../../../gateway/src/routes/annotation.routes.js";
import { annotationModule } from "../../../../services/annotation/annotation.module.js";
import { startDomain } from "../../../../services/kit/domain/start-domain.js";
import { PROTO_ROOT } from "../../../../services/kit/proto-root.js";
import { HttpClient } from "../../fixtures/http-client.js";
import { loadAverage } from "../harness/machine.js";
import { SseSubscribers } from "./sse-subscribers.js";
import { formatRounds, runClosedLoop, runOpenLoop, type WriteRound } from "./write-load.js";

const SECONDS = Number(process.env.BENCH_EVENTS_SECONDS ?? 20);
const RATE = Number(process.env.BENCH_EVENTS_RATE ?? 100);
const SUBSCRIBERS = Number(process.env.BENCH_EVENTS_SUBSCRIBERS ?? 10);
const API_KEY = "bench-key";

if (process.argv.includes("--serve")) await serve();
else await drive();

/** Child: the annotation service and the gateway on loopback. */
async function serve(): Promise<void> {
  const logger = pino({ level: "warn" });
  const dataDir = process.env.M3_DATA_DIR ?? ".";
  const domain = await startDomain(annotationModule, {
    env: process.env,
    logger,
    dataDir,
    version: "bench",
    host: "127.0.0.1",
    port: 0,
  });
  const gateway = await startGateway({
    targets: [{ routes: annotationRoutes, address: domain.address }],
    protoRoot: PROTO_ROOT,
    logger,
    port: 0,
    host: "127.0.0.1",
  });
  process.send?.({ ready: gateway.port });
}

async function drive(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "m3-bench-events-"));
  const child = fork(new URL(import.meta.url).pathname, ["--serve"], {
    env: {
      ...process.env,
      M3_API_KEY: API_KEY,
      M3_SIGNING_SECRET: "bench-signing-secret-bench-signing-secret",
      M3_DATA_DIR: dataDir,
      ...(process.env.BENCH_EVENTS_DATABASE_URL
        ? { M3_ANNOTATION_DATABASE_URL: process.env.BENCH_EVENTS_DATABASE_URL }
        : {}),
    },
    execArgv: process.execArgv,
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once("message", (message) => resolve((message as { ready: number }).ready));
      child.once("exit", (code) => reject(new Error(`the server exited with ${code}`)));
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    const token = await new HttpClient(baseUrl, API_KEY, "/anno/v1/auth").token();
    const subscribers = new SseSubscribers(`${baseUrl}/anno/v1/events`);
    console.log(
      `events bench: ${RATE} writes/s open loop and concurrency 8 closed loop, ${SECONDS} s each, ` +
        `${SUBSCRIBERS} SSE subscribers (1 stalled); load average at start ${loadAverage()}`,
    );
    // Warm up (JIT, the database's caches), not reported.
    await runOpenLoop(baseUrl, token, RATE, Math.min(5, SECONDS));
    const rounds: WriteRound[] = [];
    // Two rounds each, interleaved, so a change in the machine's load shows as a spread.
    for (let round = 1; round <= 2; round++) {
      rounds.push(await measure(`no subscribers (floor) #${round}`, baseUrl, token, undefined));
      await subscribers.addReaders(SUBSCRIBERS - 1);
      subscribers.addStalled(1);
      rounds.push(
        await measure(`${SUBSCRIBERS} subscribers, 1 stalled #${round}`, baseUrl, token, subscribers),
      );
      subscribers.close();
    }
    console.log(formatRounds(rounds));
    console.log(`load average at end ${loadAverage()}`);
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measure(
  name: string,
  baseUrl: string,
  token: string,
  subscribers: SseSubscribers | undefined,
): Promise<WriteRound> {
  const open = await runOpenLoop(baseUrl, token, RATE, SECONDS);
  // Let the last notices arrive before they are matched.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const closed = await runClosedLoop(baseUrl, token, 8, SECONDS);
  return { name, open, closed, arrivals: subscribers ? [...subscribers.arrivals] : [], load: loadAverage() };
}
