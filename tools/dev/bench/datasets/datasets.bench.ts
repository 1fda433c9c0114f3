/**
 * `npm run bench:datasets`: issue 31's dataset service on the all-in-one as `npm start` runs it
 * (SQLite). One dive of BENCH_ANNOTATIONS annotations (default 50,000, charybdis's largest page;
 * each with an association and ancillary data, one in ten with an image) is seeded through the
 * API. Then, after a warm-up of each, BENCH_RUNS rounds (default 5) each read in turn:
 * `GET /references/query/dive/{name}` whole, the same video through the fast query
 * (`/anno/v1/fast/videoreference/{uuid}?data=true`), and the floor, which reads the same rows
 * from the same SQLite files with the bare driver and JSON.stringify's them in this process
 * (datasets-floor.ts). Prints the median and best times, the CPU each read cost its server (the
 * m3 process tree; this process for the floor: less swayed by the machine's load than time), the
 * answer's size, the ratios to the floor, the peak RSS of the m3 process and the load average.
 */
import { readFileSync } from "node:fs";
import { HttpClient } from "../../fixtures/http-client.js";
import { loadAverage } from "../harness/machine.js";
import { BENCH_API_KEY, startPlatformProcess } from "../harness/platform-process.js";
import { processTreeCpuSeconds } from "../harness/process-cpu.js";
import { floorDataset } from "./datasets-floor.js";

const ANNOTATIONS = Number(process.env.BENCH_ANNOTATIONS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PER_REQUEST = 1000;
const DIVE = "Bench Dive 0001";
const CONCEPTS = ["Nanomia bijuga", "Aegina citrea", "Bathochordaeus", "Pandalus platyceros", "Sebastes"];

async function ok(reply: Promise<{ status: number; text: string; json: unknown }>, what: string) {
  const answer = await reply;
  if (answer.status !== 200)
    throw new Error(`${what} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  return answer.json;
}

async function seed(http: HttpClient): Promise<string> {
  const media = (await ok(
    http.post("/vam/v1/media", {
      form: {
        video_sequence_name: DIVE,
        camera_id: "Ventana",
        video_name: "bench-dive-0001",
        uri: "http://bench.example.org/dive/D0001_prores.mov",
        start_timestamp: "2024-01-01T00:00:00Z",
        duration_millis: 36_000_000,
        container: "video/quicktime",
        width: 1920,
        height: 1080,
      },
    }),
    "media",
  )) as { video_reference_uuid: string };
  const video = media.video_reference_uuid;
  for (let start = 0; start < ANNOTATIONS; start += PER_REQUEST) {
    const count = Math.min(PER_REQUEST, ANNOTATIONS - start);
    const annotations = Array.from({ length: count }, (_, k) => annotationAt(video, start + k));
    const created = (await ok(
      http.post("/anno/v1/annotations/bulk", { json: annotations }),
      "annotations",
    )) as {
      imaged_moment_uuid: string;
    }[];
    const data = created.map(({ imaged_moment_uuid }, k) => ({
      imaged_moment_uuid,
      latitude: 36.7 + k / 1e5,
      longitude: -122.05,
      depth_meters: 200 + k,
      temperature_celsius: 4.5,
    }));
    await ok(http.post("/anno/v1/ancillarydata/bulk", { json: data }), "ancillary data");
  }
  return video;
}

function annotationAt(video: string, n: number) {
  return {
    video_reference_uuid: video,
    concept: CONCEPTS[n % CONCEPTS.length],
    observer: "bench",
    elapsed_time_millis: n * 500,
    recorded_timestamp: new Date(Date.UTC(2024, 0, 1) + n * 500).toISOString(),
    associations: [{ link_name: "comment", to_concept: "self", link_value: `note ${n}` }],
    image_references:
      n % 10 === 0
        ? [
            {
              url: `http://bench.example.org/frames/${n}.png`,
              format: "image/png",
              width_pixels: 1920,
              height_pixels: 1080,
            },
          ]
        : [],
  };
}

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

function readFloor(dataDir: string): Measure & { json: string; annotations: number } {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = floorDataset(dataDir, DIVE);
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

const loadBefore = loadAverage();
const m3 = await startPlatformProcess({});
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
  const floorWarm = readFloor(m3.dataDir);
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
    measures.floor.push(readFloor(m3.dataDir));
  }
  const rssAfter = peakRssMb(m3.pid);
  const rows = [
    ["GET /references/query/dive", measures.dataset, sizes.dataset],
    ["GET /anno/v1/fast/videoreference (same rows)", measures.fast, sizes.fast],
    ["floor: better-sqlite3 + JSON.stringify", measures.floor, sizes.floor],
  ] as const;
  const floorMillis = median(measures.floor.map((measure) => measure.millis));
  const floorCpu = median(measures.floor.map((measure) => measure.cpuMillis));
  console.log(`\n${ANNOTATIONS} annotations of one dive, ${RUNS} rounds after a warm-up (SQLite)`);
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
  await m3.stop();
}
