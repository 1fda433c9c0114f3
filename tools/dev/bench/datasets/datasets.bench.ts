/**
 * `npm run bench:datasets`: issue 31's dataset service on the all-in-one as `npm start` runs it,
 * on its SQLite files and on a throwaway MariaDB (BENCH_ENGINES, default `sqlite,mariadb`). One
 * dive of BENCH_ANNOTATIONS annotations (default 50,000, charybdis's largest page; each with an
 * association and ancillary data, one in ten with an image) is seeded through the API
 * (datasets-seed.ts). Then, after a warm-up of each, BENCH_RUNS rounds (default 5) each read in
 * turn: `GET /references/query/dive/{name}` whole, the same video through the fast query
 * (`/anno/v1/fast/videoreference/{uuid}?data=true`), and the floor, which reads the same rows
 * from the same database with the bare driver and JSON.stringify's them in this process
 * (datasets-floor.ts). Prints the median and best times, the CPU each read cost its server (the
 * m3 process tree; this process for the floor; MariaDB's own in neither: less swayed by the
 * machine's load than time), the answer's size, the ratios to the floor, the peak RSS of the m3
 * process and the load average.
 */
import { readFileSync } from "node:fs";
import { HttpClient } from "../../fixtures/http-client.js";
import { loadAverage } from "../harness/machine.js";
import { BENCH_API_KEY, startBenchMariaDb, startPlatformProcess } from "../harness/platform-process.js";
import { processTreeCpuSeconds } from "../harness/process-cpu.js";
import { type FloorReader, floorDataset, mariadbFloorReader, sqliteFloorReader } from "./datasets-floor.js";
import { ANNOTATIONS, DIVE, seed } from "./datasets-seed.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ENGINES = (process.env.BENCH_ENGINES ?? "sqlite,mariadb").split(",");

/** One measured read: wall milliseconds and the CPU milliseconds its server spent (this process's for the floor). */
interface Measure {
  millis: number;
  cpuMillis: number;
}

/** Reads the whole body over HTTP; the CPU is the m3 process tree's (its workers too). */
async function readOver(url: string, serverPid: number): Promise<Measure & { body: string }> {
  const cpuBefore = processTreeCpuSeconds(serverPid);
  const started = performance.now();
  const body = await (await fetch(url)).text();
  const millis = performance.now() - started;
  return { millis, cpuMillis: (processTreeCpuSeconds(serverPid) - cpuBefore) * 1000, body };
}

async function readFloor(reader: FloorReader): Promise<Measure & { json: string; annotations: number }> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = await floorDataset(reader, DIVE);
  const millis = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return { millis, cpuMillis: (cpu.user + cpu.system) / 1000, ...result };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Peak resident memory of a process so far (VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmHWM:\s+(\d+) kB/);
  return Math.round(Number(line?.[1] ?? 0) / 1024);
}

/** Seeds and measures one engine: `npm start` on its SQLite files, or on one MariaDB database. */
async function measureEngine(engine: string): Promise<void> {
  const mariadb = engine === "mariadb" ? await startBenchMariaDb() : undefined;
  const databaseUrl = await mariadb?.createDatabase("m3_bench_datasets");
  const loadBefore = loadAverage();
  const m3 = await startPlatformProcess({ databaseUrl });
  const reader = databaseUrl ? mariadbFloorReader(databaseUrl) : sqliteFloorReader(m3.dataDir);
  try {
    const base = `http://127.0.0.1:${m3.port}`;
    const seedStarted = performance.now();
    const video = await seed(new HttpClient(base, BENCH_API_KEY));
    console.log(
      `seeded ${ANNOTATIONS} annotations in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    const rssBefore = peakRssMb(m3.pid);
    const datasetUrl = `${base}/references/query/dive/${encodeURIComponent(DIVE)}`;
    const fastUrl = `${base}/anno/v1/fast/videoreference/${video}?data=true`;
    // A warm-up of each, then rounds that take each read in turn, so the machine's load swings
    // fall on all three alike.
    const warm = await readOver(datasetUrl, m3.pid);
    await readOver(fastUrl, m3.pid);
    const floorWarm = await readFloor(reader);
    const answered = (JSON.parse(warm.body) as { annotations: unknown[] }).annotations.length;
    if (answered !== ANNOTATIONS || floorWarm.annotations !== ANNOTATIONS) {
      throw new Error(
        `expected ${ANNOTATIONS} annotations, the dataset held ${answered}, the floor ${floorWarm.annotations}`,
      );
    }
    const measures: Record<"dataset" | "fast" | "floor", Measure[]> = { dataset: [], fast: [], floor: [] };
    const sizes = { dataset: warm.body.length, fast: 0, floor: floorWarm.json.length };
    for (let run = 0; run < RUNS; run++) {
      measures.dataset.push(await readOver(datasetUrl, m3.pid));
      const fast = await readOver(fastUrl, m3.pid);
      sizes.fast = fast.body.length;
      measures.fast.push(fast);
      measures.floor.push(await readFloor(reader));
    }
    const rssAfter = peakRssMb(m3.pid);
    const rows = [
      ["GET /references/query/dive", measures.dataset, sizes.dataset],
      ["GET /anno/v1/fast/videoreference (same rows)", measures.fast, sizes.fast],
      ["floor: the bare driver + JSON.stringify", measures.floor, sizes.floor],
    ] as const;
    const floorMillis = median(measures.floor.map((measure) => measure.millis));
    const floorCpu = median(measures.floor.map((measure) => measure.cpuMillis));
    console.log(`\n${ANNOTATIONS} annotations of one dive, ${RUNS} rounds after a warm-up (${engine})`);
    console.log(
      "| read | median ms | best ms | CPU ms (server) | MB | annotations/s | floor's time / its | floor's CPU / its |",
    );
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (const [name, runs, bytes] of rows) {
      const millis = runs.map((measure) => measure.millis);
      const mid = median(millis);
      const cpu = median(runs.map((measure) => measure.cpuMillis));
      const rate = Math.round((ANNOTATIONS / mid) * 1000);
      console.log(
        `| ${name} | ${mid.toFixed(0)} | ${Math.min(...millis).toFixed(0)} | ${cpu.toFixed(0)} | ${(bytes / 1e6).toFixed(1)} | ${rate} | ${(floorMillis / mid).toFixed(2)}x | ${(floorCpu / cpu).toFixed(2)}x |`,
      );
    }
    console.log(`\nm3 process peak RSS: ${rssBefore} MB after seeding, ${rssAfter} MB after the reads`);
    console.log(`load average: ${loadBefore} before, ${loadAverage()} after`);
  } finally {
    await reader.close();
    await m3.stop();
    await mariadb?.stop();
  }
}

for (const engine of ENGINES) await measureEngine(engine);
