/**
 * The CPU a unary call costs the gateway's client and the server, each way the client can make it
 * (M3_GATEWAY_UNARY_CALLS): the exchange (many calls to a stream), its own HTTP/2 client (a stream
 * a call) and grpc-js' channel, all through the gateway's DomainClient with the metadata a request
 * carries, against an echo server in another process (echo-server.ts), in alternating rounds so
 * the machine's load falls on all alike.
 * BENCH_CALLS calls a round (default 5,000), BENCH_CONCURRENCY in flight (default 16),
 * BENCH_ROUNDS rounds of each (default 8).
 */
import { fileURLToPath } from "node:url";
import { UNARY_CALL_CLIENTS, type UnaryCalls } from "../../../../gateway/src/engine/channel-config.js";
import { DomainClient } from "../../../../gateway/src/engine/grpc-caller.js";
import { loggedPort, startNodeScript, stopChild } from "../../fixtures/node-process.js";
import { loadAverage } from "../harness/machine.js";
import { processTreeCpuSeconds } from "../harness/process-cpu.js";
import { ECHO_PATH } from "./echo-method.js";

const CALLS = Number(process.env.BENCH_CALLS ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);

const server = await startNodeScript(
  fileURLToPath(new URL("./echo-server.ts", import.meta.url)),
  process.env,
  '"port"',
);
const target = `127.0.0.1:${loggedPort(server.readyLine)}`;
const metadata = {
  authorization: "Bearer bench",
  traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
};
/** About the size of a media record's request and reply. */
const request = Buffer.alloc(300, 1);

interface RoundCpu {
  client: number;
  server: number;
}

/** Client and server CPU per call in µs over one round. */
async function round(client: DomainClient, calls: number): Promise<RoundCpu> {
  let started = 0;
  const serverBefore = serverCpuSeconds();
  const before = process.cpuUsage();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (started < calls) {
        started += 1;
        await client.unary(ECHO_PATH, request, { metadata, timeoutMillis: 10_000 });
      }
    }),
  );
  const spent = process.cpuUsage(before);
  return {
    client: (spent.user + spent.system) / calls,
    server: ((serverCpuSeconds() - serverBefore) * 1e6) / calls,
  };
}

function serverCpuSeconds(): number {
  return server.child.pid === undefined ? 0 : processTreeCpuSeconds(server.child.pid);
}

const clients = new Map<UnaryCalls, DomainClient>(
  UNARY_CALL_CLIENTS.map((unaryCalls) => [unaryCalls, new DomainClient("echo", target, { unaryCalls })]),
);
const perCall = new Map<UnaryCalls, RoundCpu[]>(UNARY_CALL_CLIENTS.map((unaryCalls) => [unaryCalls, []]));
try {
  const loadBefore = loadAverage();
  for (const client of clients.values()) await round(client, CALLS / 2);
  for (let index = 0; index < ROUNDS; index++) {
    const order = index % 2 === 0 ? [...UNARY_CALL_CLIENTS] : [...UNARY_CALL_CLIENTS].reverse();
    for (const unaryCalls of order) {
      const client = clients.get(unaryCalls);
      if (client) perCall.get(unaryCalls)?.push(await round(client, CALLS));
    }
  }
  console.log(
    `\nunary client CPU per call, ${ROUNDS} alternating rounds of ${CALLS} calls, ${CONCURRENCY} in flight; load average before ${loadBefore}, after ${loadAverage()}\n`,
  );
  console.log(
    "| unary calls | client: median µs per call | rounds (µs) | server: median µs per call | rounds (µs) |\n|---|---|---|---|---|",
  );
  for (const [unaryCalls, rounds] of perCall) {
    const client = rounds.map((cpu) => cpu.client);
    const server = rounds.map((cpu) => cpu.server);
    console.log(`| ${unaryCalls} | ${medianAndRounds(client)} | ${medianAndRounds(server)} |`);
  }
} finally {
  for (const client of clients.values()) client.close();
  await stopChild(server.child);
}

function medianAndRounds(values: readonly number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  return `${median.toFixed(1)} | ${values.map((value) => value.toFixed(0)).join(", ")}`;
}
