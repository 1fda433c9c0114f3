/**
 * `npm run bench:routes`: every GET route of the REST contract under load. The all-in-one runs
 * as `npm start` runs it, with the real kb imported on start (4,092 concepts) and the data set
 * of routes-seed.ts loaded through the API (1,000 media, 100,000 annotations over 50 videos);
 * then each route (path parameters filled with seeded values, routes-paths.ts) is loaded for
 * BENCH_SECONDS (default 3) at BENCH_CONCURRENCY (default 16), and its SQL statements per
 * request are counted inside the m3 process (statement-tally.mjs); a route whose first request
 * takes over BENCH_SLOW_ROUTE_MILLIS (default 1,000) is timed by that request alone. Prints a markdown table,
 * slowest p50 first, then apart the routes whose answer covers the whole data set or a large share of
 * it (routes-whole.ts), with the rows they return or count per second. Not a test: it asserts that
 * the answers are 2xx, nothing about speed.
 *
 * BENCH_ENGINE=mariadb runs on a throwaway MariaDB (default: SQLite files, as npm start);
 * BENCH_ROUTES=<regular expression> keeps the routes it matches (`GET /kb/v1/concept/{}`);
 * BENCH_ROUTES_OUT=<file> also writes the table there (for bench:all).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { SeededRandom } from "../../../m3/datagen/seeded-random.js";
import { DEFAULT_KB_DUMP, readKbDump } from "../../../m3/kb-import/kb-import.js";
import { basicAuth } from "../../fixtures/http-client.js";
import { KeepAliveClient } from "../harness/keep-alive-client.js";
import { runLoad } from "../harness/load-runner.js";
import { BENCH_API_KEY, startBenchMariaDb, startPlatformProcess } from "../harness/platform-process.js";
import { SoakHttpClient } from "../harness/soak-http.js";
import { StatementTally } from "../harness/statement-tally.js";
import { type BenchRoute, benchRoutes } from "./routes-paths.js";
import { seedRoutes } from "./routes-seed.js";
import { rowsOf, WHOLE_DATA_SET_ROUTES } from "./routes-whole.js";

const ENGINE = process.env.BENCH_ENGINE ?? "sqlite";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const FILTER = process.env.BENCH_ROUTES ? new RegExp(process.env.BENCH_ROUTES) : undefined;
const OUT = process.env.BENCH_ROUTES_OUT;
/** The concept the kb routes ask for (as the statement-count test does) and the first annotated. */
const KB_CONCEPT = "Nanomia";
const ANNOTATED_CONCEPTS = 200;
const ADMIN = { username: "benchadmin", password: "bench-admin-password" };
const TALLY = fileURLToPath(new URL("../harness/statement-tally.mjs", import.meta.url));

if (ENGINE !== "sqlite" && ENGINE !== "mariadb") throw new Error("BENCH_ENGINE must be sqlite or mariadb");
if (!(SECONDS > 0) || !(CONCURRENCY >= 1))
  throw new Error("BENCH_SECONDS and BENCH_CONCURRENCY must be positive");

interface Row {
  route: string;
  status: number;
  requestsPerSecond: number;
  p50Millis: number;
  p99Millis: number;
  failed: number;
  statements: number;
  /** Measured by one request only (slower than SLOW_ROUTE_MILLIS). */
  single: boolean;
  /** Rows of one answer, for the routes over the whole data set. */
  rows?: number;
}

/** A 320x240 JPEG made by ffmpeg, the image the upload route serves. */
function testImage(): Buffer {
  return execFileSync(
    "ffmpeg",
    ["-v", "error", "-f", "lavfi", "-i", "color=c=navy:s=320x240", "-frames:v", "1", "-f", "mjpeg", "-"],
    { maxBuffer: 1 << 20 },
  );
}

function annotatedConcepts(names: readonly string[]): string[] {
  const random = new SeededRandom(7);
  const others = Array.from({ length: ANNOTATED_CONCEPTS - 1 }, () => random.pick(names));
  return [KB_CONCEPT, ...others];
}

/**
 * A route whose first request takes longer than this is not loaded: 16 such requests at once
 * would queue for minutes. Its one request is reported (req/s is one over its time), flagged.
 */
const SLOW_ROUTE_MILLIS = Number(process.env.BENCH_SLOW_ROUTE_MILLIS ?? 1_000);

async function measure(route: BenchRoute, client: KeepAliveClient, tally: StatementTally, token: string) {
  const headers: Record<string, string> = route.kb ? { authorization: `Bearer ${token}` } : {};
  const before = await tally.total();
  const started = performance.now();
  const status = await client.send("GET", route.path, headers);
  const probeMillis = performance.now() - started;
  if (probeMillis > SLOW_ROUTE_MILLIS) {
    return {
      route: route.route,
      status,
      failed: 0,
      requestsPerSecond: 1000 / probeMillis,
      p50Millis: probeMillis,
      p99Millis: probeMillis,
      statements: (await tally.total()) - before,
      single: true,
    } satisfies Row;
  }
  let failed = 0;
  const result = await runLoad(
    route.route,
    { requests: Number.MAX_SAFE_INTEGER, concurrency: CONCURRENCY, seconds: SECONDS },
    async () => {
      if ((await client.send("GET", route.path, headers)) !== status) failed++;
    },
  );
  const statements = await tally.perRequest(() => client.send("GET", route.path, headers));
  return { ...result, route: route.route, status, failed, statements, single: false } satisfies Row;
}

/** The rows of one answer of a route over the whole data set (routes-whole.ts). */
async function rowsOfAnswer(route: BenchRoute, token: string): Promise<number> {
  const headers: Record<string, string> = route.kb ? { authorization: `Bearer ${token}` } : {};
  const whole = WHOLE_DATA_SET_ROUTES[route.route];
  if (whole?.textRows)
    return whole.textRows((await http.send("GET", route.path, { headers })).body.toString("utf8"));
  const body = await http.json<unknown>("GET", route.path, { headers });
  return (whole?.rows ?? rowsOf)(body);
}

const routeCell = (row: Row) => `${row.route}${row.single ? " (one request: too slow to load)" : ""}`;
const statusCell = (row: Row) => `${row.status}${row.failed > 0 ? ` (${row.failed} other)` : ""}`;

function table(rows: readonly Row[]): string[] {
  return [
    "| route | status | req/s | p50 ms | p99 ms | statements per request |",
    "|---|---|---|---|---|---|",
    ...[...rows]
      .sort((a, b) => b.p50Millis - a.p50Millis)
      .map(
        (row) =>
          `| ${routeCell(row)} | ${statusCell(row)} | ${row.requestsPerSecond.toFixed(0)} | ${row.p50Millis.toFixed(2)} | ${row.p99Millis.toFixed(2)} | ${row.statements} |`,
      ),
  ];
}

/** The routes over the whole data set, fewest rows per second first. */
function wholeTable(rows: readonly Row[]): string[] {
  const rowsPerSecond = (row: Row) => (row.rows ?? 0) * row.requestsPerSecond;
  return [
    "| route | why over the whole data set | status | rows per answer | rows/s | req/s | p50 ms | statements per request |",
    "|---|---|---|---|---|---|---|---|",
    ...[...rows]
      .sort((a, b) => rowsPerSecond(a) - rowsPerSecond(b))
      .map(
        (row) =>
          `| ${routeCell(row)} | ${WHOLE_DATA_SET_ROUTES[row.route]?.reason ?? ""} | ${statusCell(row)} | ${row.rows ?? 0} | ${rowsPerSecond(row).toFixed(0)} | ${row.requestsPerSecond.toFixed(0)} | ${row.p50Millis.toFixed(2)} | ${row.statements} |`,
      ),
  ];
}

function tables(rows: readonly Row[], header: string): string {
  const whole = rows.filter((row) => row.route in WHOLE_DATA_SET_ROUTES);
  const lines = [header, "", ...table(rows.filter((row) => !(row.route in WHOLE_DATA_SET_ROUTES)))];
  if (whole.length > 0) {
    lines.push(
      "",
      "Whole data set: routes whose answer returns or counts all the data set or a large share of it " +
        "(routes-whole.ts), by rows per second: a list's items, or the rows a count counted.",
      "",
      ...wholeTable(whole),
    );
  }
  return `${lines.join("\n")}\n`;
}

const dump = await readKbDump(DEFAULT_KB_DUMP);
const names = dump.concepts
  .map(
    (concept) =>
      (concept.names.find((n) => n.nameType.toLowerCase() === "primary") ?? concept.names[0])?.name,
  )
  .filter((name): name is string => name !== undefined && name.trim() !== "");
const mariadb = ENGINE === "mariadb" ? await startBenchMariaDb() : undefined;
const databaseUrl = await mariadb?.createDatabase("m3_bench_routes");
const tallyDir = mkdtempSync(join(tmpdir(), "m3-routes-"));
const tallyFile = join(tallyDir, "tally-port");
const platform = await startPlatformProcess({
  databaseUrl,
  env: {
    M3_KB_IMPORT: "true",
    M3_ADMIN_USER: ADMIN.username,
    M3_ADMIN_PASSWORD: ADMIN.password,
    M3_STATEMENT_TALLY_FILE: tallyFile,
  },
  nodeArgs: [`--import=${TALLY}`],
});
const http = new SoakHttpClient(platform.port, 8, 120_000);
const client = new KeepAliveClient("127.0.0.1", platform.port, CONCURRENCY);
try {
  const login = await http.json<{ access_token: string }>("POST", "/kb/v1/auth/login", {
    headers: { authorization: basicAuth(ADMIN.username, ADMIN.password) },
  });
  const seedingStarted = performance.now();
  const seed = await seedRoutes({
    http,
    apiKey: BENCH_API_KEY,
    kbToken: login.access_token,
    kbUser: ADMIN.username,
    concepts: annotatedConcepts(names),
    image: testImage(),
  });
  const seedingSeconds = (performance.now() - seedingStarted) / 1000;
  process.stderr.write(
    `seeded ${seed.counts.media} media and ${seed.counts.annotations} annotations in ${seedingSeconds.toFixed(0)} s\n`,
  );
  const routes = benchRoutes(seed, FILTER);
  const tally = new StatementTally(tallyFile);
  const loadBefore = loadavg();
  const rows: Row[] = [];
  for (const route of routes) {
    const measured = await measure(route, client, tally, login.access_token);
    const row =
      route.route in WHOLE_DATA_SET_ROUTES
        ? { ...measured, rows: await rowsOfAnswer(route, login.access_token) }
        : measured;
    process.stderr.write(`${row.route}: ${row.status}, ${row.requestsPerSecond.toFixed(0)} req/s\n`);
    rows.push(row);
  }
  const loadAfter = loadavg();
  const header = [
    `bench:routes on ${ENGINE === "mariadb" ? `MariaDB (port ${mariadb?.port})` : "SQLite"}, all-in-one, ` +
      `${new Date().toISOString()}; ${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), node ${process.version}`,
    `data: the real kb (${dump.concepts.length} concepts), ${seed.counts.media} media, ${seed.counts.annotations} ` +
      `annotations over 50 videos; each route ${SECONDS} s at concurrency ${CONCURRENCY}, pages of 100 where ` +
      "a route pages; statements counted inside the m3 process (the fewest of 3 single requests); a " +
      `route whose first request takes over ${SLOW_ROUTE_MILLIS} ms is timed by that request alone`,
    `load average (1, 5, 15 min) before: ${loadBefore.map((n) => n.toFixed(2)).join(", ")}; ` +
      `after: ${loadAfter.map((n) => n.toFixed(2)).join(", ")}`,
  ].join("  \n");
  const markdown = tables(rows, header);
  console.log(`\n${markdown}`);
  if (OUT) writeFileSync(OUT, markdown);
} finally {
  client.close();
  http.close();
  await platform.stop();
  await mariadb?.stop();
  rmSync(tallyDir, { recursive: true, force: true });
}
