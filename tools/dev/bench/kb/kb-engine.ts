import { basicAuth } from "../../fixtures/http-client.js";
import { startBenchPostgres } from "../harness/bench-postgres.js";
import { KeepAliveClient } from "../harness/keep-alive-client.js";
import { type LoadResult, runLoad } from "../harness/load-runner.js";
import { startBenchMariaDb, startPlatformProcess } from "../harness/platform-process.js";

/** One GET route of bench:kb and how many requests it gets at the top concurrency (a fifth at 1). */
export interface KbRoute {
  path: string;
  requests: number;
}

export interface KbEngineRun {
  engine: string;
  results: LoadResult[];
  /** Milliseconds of the first GET of `afterWritePath` after each write, sorted. */
  afterWrite: number[];
}

const ADMIN = { username: "benchadmin", password: "bench-admin-password" };

/**
 * Starts the all-in-one on an engine (SQLite: its own files in its data directory, as
 * `npm start` keeps them; MariaDB: a throwaway server; PostgreSQL: the kb on a throwaway server,
 * the other domains on SQLite, as they do not run on it yet) with the real kb imported on start,
 * loads each route at concurrency 1 and `concurrency`, then times the first read after each
 * of `writes` name additions (each bumps the tree version, so the caches reload).
 */
export async function measureKbEngine(options: {
  engine: string;
  routes: readonly KbRoute[];
  concurrency: number;
  writes: number;
  /** The name each write adds an alias to, and whose up-phylogeny is read after it. */
  writeName: string;
}): Promise<KbEngineRun> {
  const { engine, routes, concurrency } = options;
  const server =
    engine === "mariadb"
      ? await startBenchMariaDb()
      : engine === "postgres"
        ? await startBenchPostgres()
        : undefined;
  try {
    const url = await server?.createDatabase("m3_bench_kb");
    const platform = await startPlatformProcess({
      databaseUrl: engine === "mariadb" ? url : undefined,
      env: {
        M3_ADMIN_USER: ADMIN.username,
        M3_ADMIN_PASSWORD: ADMIN.password,
        M3_KB_IMPORT: "true",
        ...(engine === "postgres" && url ? { M3_KB_DATABASE_URL: url } : {}),
      },
    });
    const client = new KeepAliveClient("127.0.0.1", platform.port, concurrency);
    try {
      const get = async (path: string) => expectOk(await client.send("GET", `/kb/v1${path}`), path);
      // Warm every path (JIT, pools, the caches) before measuring.
      await runLoad("warm", { requests: 300 * routes.length, concurrency }, (i) =>
        get(routes[i % routes.length]?.path ?? "/concept"),
      );
      // Concurrency 1 gives the latency of one request; `concurrency` gives the throughput.
      const results: LoadResult[] = [];
      for (const route of routes) {
        for (const level of [1, concurrency]) {
          const requests = level === 1 ? Math.ceil(route.requests / 5) : route.requests;
          results.push(
            await runLoad(
              `GET /kb/v1${route.path} (concurrency ${level})`,
              { requests, concurrency: level },
              () => get(route.path),
            ),
          );
        }
      }
      const afterWrite = await timeReadsAfterWrites(client, platform.port, options);
      return { engine, results, afterWrite };
    } finally {
      client.close();
      await platform.stop();
    }
  } finally {
    await server?.stop();
  }
}

/** Each write adds a name (bumping the tree version); the next read pays for the reload. */
async function timeReadsAfterWrites(
  client: KeepAliveClient,
  port: number,
  options: { writes: number; writeName: string },
): Promise<number[]> {
  const login = await fetch(`http://127.0.0.1:${port}/kb/v1/auth/login`, {
    method: "POST",
    headers: { authorization: basicAuth(ADMIN.username, ADMIN.password) },
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const token = ((await login.json()) as { access_token: string }).access_token;
  const up = `/kb/v1/phylogeny/up/${encodeURIComponent(options.writeName)}`;
  const timings: number[] = [];
  for (let i = 0; i < options.writes; i++) {
    const body = JSON.stringify({
      name: options.writeName,
      newName: `bench-alias-${i}`,
      nameType: "synonym",
    });
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    expectOk(await client.send("POST", "/kb/v1/names", headers, body), "POST /names");
    const begin = performance.now();
    expectOk(await client.send("GET", up), up);
    timings.push(performance.now() - begin);
  }
  return timings.sort((a, b) => a - b);
}

function expectOk(status: number, what: string): void {
  if (status !== 200) throw new Error(`${what}: unexpected status ${status}`);
}
