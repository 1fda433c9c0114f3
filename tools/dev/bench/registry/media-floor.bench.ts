/**
 * `npm run bench:media-floor`: issue 17's headline goal on both engines. The all-in-one (as
 * `npm start` runs it) answers `GET /vam/v1/media/videoreference/{uuid}` over 1,000 seeded media
 * at concurrency 16, and so does its floor (media-floor-server.ts: node:http and the bare driver
 * running the same SELECT on the same database, its own process). Prints req/s, p50, p99 and the
 * ratio to the floor per engine, with the goals (MariaDB ≥ 0.7× and p99 < 10 ms, SQLite ≥ 0.4×).
 * m3 runs twice per engine on the same data: with one worker, like for like with the one-process
 * floor, and with `npm start`'s own worker count (M3_WORKERS, else the cores available): on a
 * machine whose cores also run the database and the client, more workers than that can leave
 * is slower, not faster. With each run, the CPU each server spent per request (its process and
 * workers, the database server not counted): on a machine others load too, req/s swings with
 * them, CPU per request much less. BENCH_ENGINES=sqlite or mariadb runs one; BENCH_REQUESTS
 * (default 20,000) per run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { HttpClient } from "../../fixtures/http-client.js";
import { loggedPort, startNodeScript, stopChild } from "../../fixtures/node-process.js";
import { KeepAliveClient } from "../harness/keep-alive-client.js";
import { type LoadResult, runLoad } from "../harness/load-runner.js";
import { loadAverage } from "../harness/machine.js";
import { BENCH_API_KEY, startBenchMariaDb, startPlatformProcess } from "../harness/platform-process.js";
import { processTreeCpuSeconds } from "../harness/process-cpu.js";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
const CONCURRENCY = 16;
const SEED = 1000;
const ENGINES = (process.env.BENCH_ENGINES ?? "sqlite,mariadb").split(",");
/** `npm start`'s own worker count (M3_WORKERS if set, else the cores available). */
const DEFAULT_WORKERS = process.env.M3_WORKERS ?? `${availableParallelism()} (default)`;
/** One worker, as the floor is one process, and what `npm start` runs. */
const WORKER_SETTINGS = [...new Set(["1", DEFAULT_WORKERS])];
const GOALS: Record<string, { ratio: number; p99Millis?: number }> = {
  sqlite: { ratio: 0.4 },
  mariadb: { ratio: 0.7, p99Millis: 10 },
};

/** A measured run and the CPU microseconds its server spent per request. */
type MeasuredLoad = LoadResult & { cpuMicros: number };

interface EngineResult {
  engine: string;
  /** The all-in-one's M3_WORKERS, or DEFAULT_WORKERS. */
  workers: string;
  m3: MeasuredLoad;
  floor: MeasuredLoad;
}

/** Seeds media through the API and returns their video reference uuids. */
async function seedMedia(http: HttpClient): Promise<string[]> {
  const references: string[] = [];
  for (let i = 0; i < SEED; i++) {
    const reply = await http.post("/vam/v1/media", {
      form: {
        video_sequence_name: `floor-seq-${i % 50}`,
        camera_id: "bench-cam",
        video_name: `floor-video-${i}`,
        uri: `http://bench.example.org/floor/${i}.mp4`,
        start_timestamp: "2024-01-01T00:00:00Z",
        duration_millis: 600000,
        container: "video/mp4",
        width: 1920,
        height: 1080,
      },
    });
    references.push((reply.json as { video_reference_uuid: string }).video_reference_uuid);
  }
  return references;
}

/** Loads GET <prefix><uuid> on a server (process `pid`), warmed first, and returns the measured run. */
async function loadMedia(
  name: string,
  server: { port: number; pid: number },
  prefix: string,
  references: string[],
): Promise<MeasuredLoad> {
  const client = new KeepAliveClient("127.0.0.1", server.port, CONCURRENCY);
  const pick = (index: number) => references[(index * 7919) % references.length] ?? "";
  const get = async (index: number) => {
    const status = await client.send("GET", `${prefix}${pick(index)}`);
    if (status !== 200) throw new Error(`${name}: unexpected status ${status}`);
  };
  try {
    await runLoad("warm", { requests: 2000, concurrency: CONCURRENCY }, get);
    const cpuBefore = processTreeCpuSeconds(server.pid);
    const result = await runLoad(name, { requests: REQUESTS, concurrency: CONCURRENCY }, get);
    const cpuMicros = ((processTreeCpuSeconds(server.pid) - cpuBefore) * 1e6) / result.requests;
    return { ...result, cpuMicros };
  } finally {
    client.close();
  }
}

async function measureEngine(engine: string): Promise<EngineResult[]> {
  const mariadb = engine === "mariadb" ? await startBenchMariaDb() : undefined;
  // One data directory for every run, so the SQLite file seeded first is the one each reads.
  const dataDir = mkdtempSync(join(tmpdir(), "m3-bench-media-floor-"));
  try {
    const databaseUrl = await mariadb?.createDatabase("m3_bench_media_floor");
    let references: string[] | undefined;
    const runs: { workers: string; m3: MeasuredLoad }[] = [];
    for (const workers of WORKER_SETTINGS) {
      const platform = await startPlatformProcess({
        databaseUrl,
        env: { M3_DATA_DIR: dataDir, ...(workers === DEFAULT_WORKERS ? {} : { M3_WORKERS: workers }) },
      });
      try {
        references ??= await seedMedia(new HttpClient(`http://127.0.0.1:${platform.port}`, BENCH_API_KEY));
        const name = `m3 (${engine}, ${workers} workers)`;
        runs.push({
          workers,
          m3: await loadMedia(name, platform, "/vam/v1/media/videoreference/", references),
        });
      } finally {
        await platform.stop();
      }
    }
    const floorServer = await startNodeScript(
      join(import.meta.dirname, "media-floor-server.ts"),
      { ...process.env, FLOOR_DATABASE_URL: databaseUrl ?? `sqlite:${join(dataDir, "registry.sqlite")}` },
      '"port"',
    );
    try {
      const server = { port: loggedPort(floorServer.readyLine), pid: floorServer.child.pid ?? 0 };
      const floor = await loadMedia(`floor (${engine})`, server, "/media/", references ?? []);
      return runs.map(({ workers, m3 }) => ({ engine, workers, m3, floor }));
    } finally {
      await stopChild(floorServer.child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await mariadb?.stop();
  }
}

const loadBefore = loadAverage();
const results: EngineResult[] = [];
for (const engine of ENGINES) results.push(...(await measureEngine(engine)));
console.log(
  `\nGET /vam/v1/media/videoreference/{uuid}, ${SEED} media, concurrency ${CONCURRENCY}, ${REQUESTS} requests per run; ` +
    `load average before ${loadBefore}, after ${loadAverage()}\n`,
);
console.log(
  "| engine | m3 workers | m3 req/s | m3 p50 ms | m3 p99 ms | m3 CPU µs/req | floor req/s | floor p50 ms | floor p99 ms | floor CPU µs/req | m3 / floor | goal |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|---|");
for (const { engine, workers, m3, floor } of results) {
  const goal = GOALS[engine] ?? { ratio: 0 };
  const ratio = m3.requestsPerSecond / floor.requestsPerSecond;
  const met = ratio >= goal.ratio && (goal.p99Millis === undefined || m3.p99Millis < goal.p99Millis);
  const goalText = `≥ ${goal.ratio}×${goal.p99Millis ? `, p99 < ${goal.p99Millis} ms` : ""}: ${met ? "met" : "**missed**"}`;
  console.log(
    `| ${engine} | ${workers} | ${m3.requestsPerSecond.toFixed(0)} | ${m3.p50Millis.toFixed(2)} | ${m3.p99Millis.toFixed(2)} | ` +
      `${m3.cpuMicros.toFixed(0)} | ${floor.requestsPerSecond.toFixed(0)} | ${floor.p50Millis.toFixed(2)} | ` +
      `${floor.p99Millis.toFixed(2)} | ${floor.cpuMicros.toFixed(0)} | ` +
      `${ratio.toFixed(2)}× | ${goalText} |`,
  );
}
