import { parseDatabaseUrl } from "../../services/kit/storage/database-url.js";
import { basicAuth } from "../../test/support/e2e/kb-people.js";
import { DEFAULT_KB_DUMP, importKbDump, readKbDump } from "../kb-import/kb-import.js";
import { KeepAliveClient } from "./keep-alive-client.js";
import { type LoadResult, runLoad } from "./load-runner.js";
import { startBenchMariaDb, startPlatformProcess } from "./platform-process.js";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5000);
const HEAVY_REQUESTS = Number(process.env.BENCH_HEAVY_REQUESTS ?? 500);
const WRITES = Number(process.env.BENCH_WRITES ?? 50);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const FIND_TERM = process.env.BENCH_FIND_TERM ?? "sebastes";
const ADMIN = { username: "benchadmin", password: "bench-admin-password" };

const dump = await readKbDump(process.env.BENCH_KB_DUMP ?? DEFAULT_KB_DUMP);
const deepest = dump.concepts.reduce((a, b) => (b.depth > a.depth ? b : a));
const deepLeaf = (deepest.names.find((n) => n.nameType.toLowerCase() === "primary") ?? deepest.names[0])
  ?.name;
if (!deepLeaf) throw new Error("the dump's deepest concept has no name");

const mariadb = await startBenchMariaDb();
const databaseUrl = await mariadb.createDatabase("m3_bench_kb");
const imported = await importKbDump({ target: parseDatabaseUrl(databaseUrl) });
const platform = await startPlatformProcess({
  databaseUrl,
  env: { M3_ADMIN_USER: ADMIN.username, M3_ADMIN_PASSWORD: ADMIN.password },
});
const port = platform.port;
const client = new KeepAliveClient("127.0.0.1", port, CONCURRENCY);
const base = `http://127.0.0.1:${port}/kb/v1`;

try {
  const login = await fetch(`${base}/auth/login`, {
    method: "POST",
    headers: { authorization: basicAuth(ADMIN.username, ADMIN.password) },
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const token = ((await login.json()) as { access_token: string }).access_token;
  const expectOk = (status: number) => {
    if (status !== 200) throw new Error(`unexpected status ${status}`);
  };
  const get = async (path: string) => expectOk(await client.send("GET", `/kb/v1${path}`));
  const up = `/phylogeny/up/${encodeURIComponent(deepLeaf)}`;
  const routes = [
    { path: "/phylogeny/down/object", requests: HEAVY_REQUESTS },
    { path: up, requests: REQUESTS },
    { path: `/concept/find/${encodeURIComponent(FIND_TERM)}`, requests: HEAVY_REQUESTS },
  ];
  // Warm every path (JIT, pools, the phylogeny cache) before measuring.
  await runLoad("warm", { requests: 300, concurrency: CONCURRENCY }, (i) =>
    get(routes[i % routes.length]?.path ?? up),
  );

  // Concurrency 1 gives the latency of one request; CONCURRENCY gives the throughput.
  const results: LoadResult[] = [];
  for (const route of routes) {
    for (const concurrency of [1, CONCURRENCY]) {
      const requests = concurrency === 1 ? Math.ceil(route.requests / 5) : route.requests;
      results.push(
        await runLoad(`GET /kb/v1${route.path} (concurrency ${concurrency})`, { requests, concurrency }, () =>
          get(route.path),
        ),
      );
    }
  }

  // Each write adds a name (bumping the tree version); the next read pays for the rebuild.
  const afterWrite: number[] = [];
  for (let i = 0; i < WRITES; i++) {
    const body = JSON.stringify({ name: deepLeaf, newName: `bench-alias-${i}`, nameType: "synonym" });
    expectOk(
      await client.send(
        "POST",
        "/kb/v1/names",
        { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body,
      ),
    );
    const begin = performance.now();
    await get(up);
    afterWrite.push(performance.now() - begin);
  }
  afterWrite.sort((a, b) => a - b);
  const at = (p: number) =>
    afterWrite[Math.min(afterWrite.length - 1, Math.floor((p / 100) * afterWrite.length))] ?? 0;

  console.log(`\nkb benchmark: MariaDB ${mariadb.port}, concurrency ${CONCURRENCY}; ${imported.message}`);
  console.log(`deep leaf: ${deepLeaf} (depth ${deepest.depth}); find term: ${FIND_TERM}\n`);
  console.log("| scenario | requests | p50 ms | p99 ms | req/s |\n|---|---|---|---|---|");
  for (const r of results) {
    console.log(
      `| ${r.name} | ${r.requests} | ${r.p50Millis.toFixed(2)} | ${r.p99Millis.toFixed(2)} | ${r.requestsPerSecond.toFixed(0)} |`,
    );
  }
  console.log(
    `| first GET ${up} after a write (cache rebuild included) | ${WRITES} | ${at(50).toFixed(2)} | ${at(99).toFixed(2)} | - |`,
  );
} finally {
  client.close();
  await platform.stop();
  await mariadb.stop();
}
