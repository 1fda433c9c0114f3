/**
 * `npm run bench:domain-down`: what a domain down costs the rest of the split platform (every
 * domain and the gateway in its own compiled process on a throwaway MariaDB, as the chart runs
 * them). One read per domain kind under load, with every domain up, then with the registry's
 * process killed (SIGKILL, as an OOM kill ends it): the registry's read should answer 503 at
 * once, the kb's 200 as before. Floor: the gateway's `/healthz`, which asks no domain (the least
 * a request through the gateway costs). BENCH_REQUESTS (2,000) and BENCH_CONCURRENCY (16) size
 * each load.
 */
import { KeepAliveClient } from "../harness/keep-alive-client.js";
import { type LoadResult, runLoad } from "../harness/load-runner.js";
import { loadAverage } from "../harness/machine.js";
import { startBenchMariaDb } from "../harness/platform-process.js";
import { SplitPlatform } from "../harness/split-platform.js";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
for (const [name, value] of Object.entries({ REQUESTS, CONCURRENCY })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`BENCH_${name} must be a positive integer`);
}
const READS = [
  { what: "floor: gateway /healthz", path: "/healthz" },
  { what: "kb: /kb/v1/concept/ranks", path: "/kb/v1/concept/ranks" },
  { what: "registry: /vam/v1/videosequences/cameras", path: "/vam/v1/videosequences/cameras" },
] as const;

interface Row {
  phase: string;
  what: string;
  result: LoadResult;
  statuses: Map<number, number>;
}

async function measure(client: KeepAliveClient, phase: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const read of READS) {
    const statuses = new Map<number, number>();
    const result = await runLoad(read.what, { requests: REQUESTS, concurrency: CONCURRENCY }, async () => {
      const status = await client.send("GET", read.path);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
    rows.push({ phase, what: read.what, result, statuses });
  }
  return rows;
}

const mariadb = await startBenchMariaDb();
const platform = new SplitPlatform({
  databaseUrl: await mariadb.createDatabase("m3_bench_domain_down"),
  captureFileRoots: [],
});
try {
  await platform.start();
  const client = new KeepAliveClient("127.0.0.1", platform.port, CONCURRENCY);
  const loadAtStart = loadAverage();
  await measure(client, "warm-up");
  const rows = await measure(client, "every domain up");
  process.kill(platform.pids.get("registry") ?? 0, "SIGKILL");
  rows.push(...(await measure(client, "registry killed")));
  const readiness = await client.send("GET", "/readyz");
  client.close();
  console.log(
    `## bench:domain-down\n\n${REQUESTS} requests per read at concurrency ${CONCURRENCY}; load ${loadAtStart} at start, ${loadAverage()} at end; /readyz with the registry killed: ${readiness}\n`,
  );
  console.log("| phase | read | answers | p50 ms | p99 ms | req/s | req/s vs floor |");
  console.log("|---|---|---|---:|---:|---:|---:|");
  for (const row of rows) {
    const floor = rows.find((other) => other.phase === row.phase && other.what.startsWith("floor"));
    const answers = [...row.statuses].map(([status, count]) => `${count} × ${status}`).join(", ");
    const ratio = floor ? (row.result.requestsPerSecond / floor.result.requestsPerSecond).toFixed(2) : "";
    console.log(
      `| ${row.phase} | ${row.what} | ${answers} | ${row.result.p50Millis.toFixed(2)} | ${row.result.p99Millis.toFixed(2)} | ${row.result.requestsPerSecond.toFixed(0)} | ${ratio}x |`,
    );
  }
} finally {
  await platform.stop();
  await mariadb.stop();
}
