/**
 * `npm run bench:annotation-queries`: the read side of the annotation service on a large
 * generated data set (tools/m3/datagen, BENCH_ANNOTATIONS, default 1,000,000) in a throwaway
 * MariaDB (BENCH_BUFFER_POOL, default 3G; BENCH_MARIADB_OPTIONS adds server options). The
 * annotation service and the gateway run as the container image runs them, each in its own
 * process from the compiled build (split-processes.ts); this process is the client.
 * Scenarios: POST /anno/v1/fast with the 1% concept (10,000 annotations at 1M), POST
 * /anno/v1/fast/count, the depth and time histograms (by that concept and over everything),
 * and POST /anno/v1/query/download of every row of the view in two orders, through the split
 * processes and then through the all-in-one (`npm start`'s in-process calls, one worker). Each is compared
 * with the same SQL run directly with mysql2 on the same database (the floor), and each
 * process's peak memory is taken per scenario. Prints markdown tables. Not a test: it asserts
 * the answers, nothing about speed.
 */
import mysql from "mysql2/promise";
import { parseDatabaseUrl } from "../../../../services/kit/storage/database-url.js";
import { Instant } from "../../../../services/kit/time/instant.js";
import { progress } from "../../../m3/cli/progress.js";
import { generateAnnotationData } from "../../../m3/datagen/datagen.js";
import { HttpClient } from "../../fixtures/http-client.js";
import { KeepAliveClient } from "../harness/keep-alive-client.js";
import { type LoadResult, runLoad } from "../harness/load-runner.js";
import { BENCH_API_KEY, startBenchMariaDb, startPlatformProcess } from "../harness/platform-process.js";
import { type SplitAnnotation, startSplitAnnotation } from "../harness/split-processes.js";
import { downloadsTable, measureDownloads } from "./annotation-queries-downloads.js";
import {
  DOWNLOADS,
  floorCount,
  floorDepthHistogram,
  floorDownload,
  floorFast,
  floorTimeHistogram,
  joinedDepthHistogram,
  joinedTimeHistogram,
} from "./annotation-queries-floor.js";
import { PeakMemory } from "./annotation-queries-process.js";

const ANNOTATIONS = Number(process.env.BENCH_ANNOTATIONS ?? 1_000_000);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 10);
const DOWNLOAD_RUNS = Number(process.env.BENCH_DOWNLOADS ?? 2);
const FAST_LIMIT = 10_000;
const BIN_SIZE = 50;
const MEMORY_GOAL_MB = 300;

/** Peak RSS in MB of each process over one scenario. */
interface Peaks {
  gatewayMb: number;
  serviceMb: number;
}

/** The goal: under 300 MB for the gateway and for the service, each. */
function memoryVerdict(peaks: Peaks): string {
  return peaks.gatewayMb < MEMORY_GOAL_MB && peaks.serviceMb < MEMORY_GOAL_MB ? "yes" : "no";
}

function peaksOf(gateway: PeakMemory, service: PeakMemory): { start(): void; stop(): Peaks } {
  return {
    start: () => {
      gateway.start();
      service.start();
    },
    stop: () => ({ gatewayMb: gateway.stop(), serviceMb: service.stop() }),
  };
}
for (const [name, value] of Object.entries({ ANNOTATIONS, REPEATS, DOWNLOADS: DOWNLOAD_RUNS })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`BENCH_${name} must be a positive integer`);
}

interface Scenario {
  name: string;
  goalMillis: number;
  path: string;
  body: unknown;
  /** The answer's size in m3's reply (annotations, count or histogram total). */
  answer(json: unknown): number;
  floor(): Promise<number>;
  /** The answer by another way (the join, where m3 reads kept counts), when there is one. */
  reference?(): Promise<number>;
}

/** A scenario's numbers, or undefined when m3 answered 404 (the route is not built yet). */
interface Measured {
  scenario: Scenario;
  answer: number;
  timings?: { m3: LoadResult; floor: LoadResult; peaks: Peaks };
}

/** Sized so the generated data set stays in memory, as a production server's would. */
const BUFFER_POOL = process.env.BENCH_BUFFER_POOL ?? "3G";
/** More MariaDB options (space-separated), e.g. `--innodb-adaptive-hash-index=ON`; the floor shares them. */
const MARIADB_OPTIONS = (process.env.BENCH_MARIADB_OPTIONS ?? "").split(" ").filter(Boolean);
const mariadb = await startBenchMariaDb(BUFFER_POOL, MARIADB_OPTIONS);
const databaseUrl = await mariadb.createDatabase("m3_bench_queries");
const target = parseDatabaseUrl(databaseUrl);
if (target.kind !== "mysql") throw new Error("MariaDB expected");
let platform: SplitAnnotation | undefined;
let allInOne: Awaited<ReturnType<typeof startPlatformProcess>> | undefined;
let client: KeepAliveClient | undefined;
const pool = mysql.createPool({ uri: databaseUrl, connectionLimit: 2, dateStrings: true });

try {
  process.stderr.write(`generating ${ANNOTATIONS} annotations\n`);
  const bar = progress("annotations");
  const data = await generateAnnotationData({
    annotationTarget: target,
    registryTarget: target,
    annotations: ANNOTATIONS,
    onProgress: (done, total) => bar.update(done, total),
  });
  bar.stop();
  // The tabular query joins the registry's tables, which the generator wrote to the same database.
  platform = await startSplitAnnotation({
    databaseUrl,
    env: { M3_ANNOTATION_REGISTRY_SCHEMA: target.database },
  });
  const memory = peaksOf(new PeakMemory(platform.gatewayPid), new PeakMemory(platform.annotationPid));
  memory.start();
  const idle = memory.stop();
  const port = platform.port;
  client = new KeepAliveClient("127.0.0.1", port, 1);
  const http = new HttpClient(`http://127.0.0.1:${port}`, BENCH_API_KEY, "/anno/v1/auth");
  const concept = { concept: data.target.name };
  const content = (json: unknown) => (json as { content: unknown }).content;
  const histogramTotal = (json: unknown) =>
    (content(json) as { values: number[] }).values.reduce((sum, value) => sum + value, 0);
  const scenarios: Scenario[] = [
    {
      name: `POST /anno/v1/fast (concept "${data.target.name}", limit ${FAST_LIMIT})`,
      goalMillis: 500,
      path: "/anno/v1/fast",
      body: { concepts: [data.target.name], limit: FAST_LIMIT },
      answer: (json) => (content(json) as unknown[]).length,
      floor: () => floorFast(pool, concept, FAST_LIMIT),
    },
    {
      name: "POST /anno/v1/fast/count (same concept)",
      goalMillis: 500,
      path: "/anno/v1/fast/count",
      body: { concepts: [data.target.name] },
      answer: (json) => (content(json) as { count: number }).count,
      floor: () => floorCount(pool, concept),
    },
    ...(
      [
        ["same concept", concept, { concepts: [data.target.name] }],
        ["every annotation: min_depth 0", "all-with-depth", { min_depth: 0 }],
      ] as const
    ).map(([label, selection, body]) => ({
      name: `POST /anno/v1/histogram/depth?size=${BIN_SIZE} (${label})`,
      goalMillis: 500,
      path: `/anno/v1/histogram/depth?size=${BIN_SIZE}`,
      body,
      answer: histogramTotal,
      floor: () => floorDepthHistogram(pool, selection, BIN_SIZE),
      reference: () => joinedDepthHistogram(pool, selection, BIN_SIZE),
    })),
    ...(
      [
        ["same concept", concept, { concepts: [data.target.name] }],
        ["every annotation: min_timestamp 1987", "all-in-time", { min_timestamp: "1987-01-01T00:00:00Z" }],
      ] as const
    ).map(([label, selection, body]) => ({
      name: `POST /anno/v1/histogram/time?size=${BIN_SIZE} (${label})`,
      goalMillis: 500,
      path: `/anno/v1/histogram/time?size=${BIN_SIZE}`,
      body,
      answer: histogramTotal,
      floor: () => floorTimeHistogram(pool, selection, BIN_SIZE, Instant.now()),
      reference: () => joinedTimeHistogram(pool, selection, BIN_SIZE, Instant.now()),
    })),
  ];

  const measured: Measured[] = [];
  for (const scenario of scenarios) {
    // Check the answer once against the floor's (this also warms both paths).
    // Reads are open: no token is sent.
    const reply = await http.request("POST", scenario.path, { json: scenario.body });
    const expected = await scenario.floor();
    const reference = await scenario.reference?.();
    if (reference !== undefined && reference !== expected) {
      throw new Error(`${scenario.name}: the floor answers ${expected}, the join ${reference}`);
    }
    if (reply.status === 404) {
      measured.push({ scenario, answer: expected });
      continue;
    }
    if (reply.status !== 200 || scenario.answer(reply.json) !== expected) {
      throw new Error(
        `${scenario.name}: ${reply.status}, answer ${reply.text.slice(0, 300)}; floor ${expected}`,
      );
    }
    const payload = JSON.stringify(scenario.body);
    const headers = { "content-type": "application/json" };
    memory.start();
    const m3 = await runLoad(scenario.name, { requests: REPEATS, concurrency: 1 }, async () => {
      const status = await client?.send("POST", scenario.path, headers, payload);
      if (status !== 200) throw new Error(`${scenario.name}: status ${status}`);
    });
    const peaks = memory.stop();
    const floor = await runLoad("floor", { requests: REPEATS, concurrency: 1 }, async () => {
      await scenario.floor();
    });
    measured.push({ scenario, answer: expected, timings: { m3, floor, peaks } });
  }

  // The downloads: every row of the view, streamed, in each order, through the split processes
  // and then through the all-in-one (in-process calls), as `npm start` runs it.
  const floorRows = await floorDownload(pool, target.database, DOWNLOADS[0]?.order ?? []);
  const floor = (order: readonly string[]) => floorDownload(pool, target.database, order);
  const downloads = await measureDownloads(
    {
      deployment: "split processes",
      port,
      processes: [
        { name: "gateway", pid: platform.gatewayPid },
        { name: "service", pid: platform.annotationPid },
      ],
    },
    DOWNLOAD_RUNS,
    floorRows,
    floor,
  );
  await platform.stop();
  platform = undefined;
  allInOne = await startPlatformProcess({
    databaseUrl,
    env: { M3_ANNOTATION_REGISTRY_SCHEMA: target.database, M3_WORKERS: "1" },
  });
  downloads.push(
    ...(await measureDownloads(
      {
        deployment: "all-in-one (npm start, one worker)",
        port: allInOne.port,
        processes: [{ name: "all-in-one", pid: allInOne.pid }],
      },
      DOWNLOAD_RUNS,
      floorRows,
      floor,
    )),
  );

  const rowsLine = Object.entries(data.rows)
    .map(([table, count]) => `${table} ${count}`)
    .join(", ");
  console.log(
    `\nannotation query benchmark: MariaDB ${mariadb.port}; ${ANNOTATIONS} annotations generated in ${data.seconds.toFixed(0)} s (${Math.round(data.rowsPerSecond)} rows/s), InnoDB buffer pool ${BUFFER_POOL}${MARIADB_OPTIONS.length > 0 ? `, options ${MARIADB_OPTIONS.join(" ")}` : ""}: ${rowsLine}`,
  );
  console.log(
    `The gateway and the annotation service run in their own processes; the memory columns are each one's peak RSS per scenario (goal: under ${MEMORY_GOAL_MB} MB each). Idle after start: gateway ${idle.gatewayMb.toFixed(0)} MB, service ${idle.serviceMb.toFixed(0)} MB. ${REPEATS} sequential requests per scenario; the floor is the same SQL run with mysql2 from this process.\n`,
  );
  console.log(
    "| scenario | answer | m3 p50 ms | m3 p99 ms | floor p50 ms | floor p99 ms | p50 vs floor | gateway peak MB | service peak MB | goal p50 | p50 met | memory met |\n|---|---|---|---|---|---|---|---|---|---|---|---|",
  );
  for (const { scenario, answer, timings } of measured) {
    if (!timings) {
      console.log(
        `| ${scenario.name} | ${answer} | route not available (404) | | | | | | | < ${scenario.goalMillis} ms | | |`,
      );
      continue;
    }
    const { m3, floor, peaks } = timings;
    const met = m3.p50Millis < scenario.goalMillis;
    console.log(
      `| ${scenario.name} | ${answer} | ${m3.p50Millis.toFixed(1)} | ${m3.p99Millis.toFixed(1)} | ${floor.p50Millis.toFixed(1)} | ${floor.p99Millis.toFixed(1)} | ${(m3.p50Millis / floor.p50Millis).toFixed(2)}x | ${peaks.gatewayMb.toFixed(0)} | ${peaks.serviceMb.toFixed(0)} | < ${scenario.goalMillis} ms | ${met ? "yes" : "no"} | ${memoryVerdict(peaks)} |`,
    );
  }
  console.log(`\n${downloadsTable(downloads, floorRows, MEMORY_GOAL_MB)}`);
} finally {
  client?.close();
  await pool.end();
  await platform?.stop();
  await allInOne?.stop();
  await mariadb.stop();
}
