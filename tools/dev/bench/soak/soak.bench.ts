/**
 * `npm run bench:soak`: a soak benchmark. On a throwaway MariaDB, the six domains and the
 * gateway each run in their own process from the compiled build, as the container image runs
 * them (split-platform.ts); capture reads a small H.264 clip made with ffmpeg at the start,
 * upload stores images on disk. The kb is the real one (imported from its dump); registry
 * media, annotations with depths and a few images are seeded through the gateway. Then, for
 * BENCH_SOAK_MINUTES (default 10), requests of the mix in soak-mix.ts (kb lookups, search and
 * phylogeny; registry media creates and reads; annotation creates, single and bulk, reads, fast
 * queries and a histogram; config endpoints and health; cached and new frame grabs; image
 * uploads and resolves) are sent at a fixed rate, BENCH_SOAK_RATE per second (default 100),
 * open loop: on schedule whether or not earlier ones have answered; beyond
 * BENCH_SOAK_MAX_OUTSTANDING unanswered (default 200) a request is not sent and counts as an
 * error. Every minute it prints each process's RSS (/proc), the minute's requests and errors
 * (any non-2xx, network failure or wrong answer; the first distinct ones shown) and p50/p99
 * per route group (from the scheduled send time); at the end, a markdown summary: RSS in
 * minute 2 and in the last minute per process (medians of 5 s samples) and the growth along a
 * line fitted through every sample from minute 2 on (goal: under 10%),
 * errors (goal: none), latencies.
 * BENCH_SOAK_FULL_GC_SECONDS=N has every process the soak starts run a full collection every N
 * seconds (tools/dev/bench/harness/heap-sampler.mjs with --expose-gc; its samples go to a temporary folder the
 * summary names), so that a minute's RSS is the memory kept rather than a phase of V8's saw: each
 * old generation may grow by max(half its live data, 8 MB) plus the young generation's size
 * before its next mark-compact, which in 10 minutes at 100 req/s comes once or twice, or not at
 * all, so the same process's RSS trend moved between +1% and +19% from run to run.
 * BENCH_SOAK_TARGET=all-in-one runs the same mix against the one process of `npm start`
 * instead. Not a test: it checks answers, nothing about speed. Stops every process it started,
 * by PID, also on failure and on Ctrl-C.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { parseDatabaseUrl } from "../../../../services/kit/storage/database-url.js";
import { SeededRandom } from "../../../m3/datagen/seeded-random.js";
import { DEFAULT_KB_DUMP, importKbDump, readKbDump } from "../../../m3/kb-import/kb-import.js";
import { loadAverage } from "../harness/machine.js";
import { BENCH_API_KEY, startBenchMariaDb, startPlatformProcess } from "../harness/platform-process.js";
import { SoakCallError, SoakHttpClient } from "../harness/soak-http.js";
import { SplitPlatform } from "../harness/split-platform.js";
import { Recent, type SoakContext, type SoakOperation } from "./soak-context.js";
import { collectFullyEvery } from "./soak-full-gc.js";
import { ProcessMeter } from "./soak-meter.js";
import { pickOperation, SOAK_GROUPS, SOAK_MIX } from "./soak-mix.js";
import { minuteReport, SoakWindow, summaryTables } from "./soak-report.js";
import { runOpenLoop } from "./soak-runner.js";
import { kbChoices, seedSoak } from "./soak-seed.js";

const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 100);
const MAX_OUTSTANDING = Number(process.env.BENCH_SOAK_MAX_OUTSTANDING ?? 200);
const TARGET = process.env.BENCH_SOAK_TARGET ?? "split";
const FULL_GC_SECONDS = Number(process.env.BENCH_SOAK_FULL_GC_SECONDS ?? 0);
const REQUEST_TIMEOUT_MILLIS = 60_000;
const DRAIN_MILLIS = 60_000;
const GROWTH_GOAL_PERCENT = 10;
const BASELINE_MINUTE = 2;
/** How often each process's RSS is read (a minute's figure is the median of its samples). */
const SAMPLE_MILLIS = 5_000;

if (!(MINUTES > 0)) throw new Error("BENCH_SOAK_MINUTES must be a positive number");
if (!(RATE > 0)) throw new Error("BENCH_SOAK_RATE must be a positive number");
if (!Number.isInteger(MAX_OUTSTANDING) || MAX_OUTSTANDING < 1)
  throw new Error("BENCH_SOAK_MAX_OUTSTANDING must be a positive integer");
if (TARGET !== "split" && TARGET !== "all-in-one")
  throw new Error("BENCH_SOAK_TARGET is split or all-in-one");
if (!(FULL_GC_SECONDS >= 0)) throw new Error("BENCH_SOAK_FULL_GC_SECONDS must be a number of seconds");

/** What to stop, last started first; runs once, on the normal end, a failure or a signal. */
const cleanups: (() => Promise<void>)[] = [];
let stopping: Promise<void> | undefined;
function stopEverything(): Promise<void> {
  stopping ??= (async () => {
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch((error: unknown) => process.stderr.write(`while stopping: ${String(error)}\n`));
    }
  })();
  return stopping;
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    process.stderr.write(`\n${signal}: stopping every process started\n`);
    void stopEverything().finally(() => process.exit(130));
  });
}

/** A 60 s 320x240 H.264 clip, a key frame every second, in a folder capture may read. */
async function makeClip(folder: string): Promise<string> {
  const file = join(folder, "soak.mp4");
  await promisify(execFile)("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi"],
    ...["-i", "testsrc=duration=60:size=320x240:rate=10"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-g", "10", "-pix_fmt", "yuv420p", file],
  ]);
  return pathToFileURL(file).href;
}

async function startTarget(databaseUrl: string, clipFolder: string) {
  if (TARGET === "all-in-one") {
    const platform = await startPlatformProcess({ databaseUrl, env: { CAPTURE_FILE_ROOTS: clipFolder } });
    cleanups.push(() => platform.stop());
    return { port: platform.port, pids: new Map([["all-in-one", platform.pid]]) };
  }
  const platform = new SplitPlatform({ databaseUrl, captureFileRoots: [clipFolder] });
  cleanups.push(() => platform.stop());
  await platform.start();
  return { port: platform.port, pids: platform.pids };
}

function mixLine(): string {
  const total = SOAK_MIX.reduce((sum, operation) => sum + operation.weight, 0);
  return SOAK_MIX.map(
    (operation) => `${operation.name} ${((operation.weight / total) * 100).toFixed(0)}%`,
  ).join(", ");
}

try {
  const loadAtStart = loadAverage();
  const clipFolder = await mkdtemp(join(tmpdir(), "m3-soak-clip-"));
  cleanups.push(() => rm(clipFolder, { recursive: true, force: true }));
  const clipUrl = await makeClip(clipFolder);
  const dump = await readKbDump(DEFAULT_KB_DUMP);
  const mariadb = await startBenchMariaDb();
  cleanups.push(() => mariadb.stop());
  const databaseUrl = await mariadb.createDatabase("m3_bench_soak");
  const imported = await importKbDump({ target: parseDatabaseUrl(databaseUrl) });
  process.stderr.write(`${imported.message}\n`);
  const heapSamples = FULL_GC_SECONDS > 0 ? await collectFullyEvery(FULL_GC_SECONDS) : undefined;
  const { port, pids } = await startTarget(databaseUrl, clipFolder);
  const processes = new Map([...pids, ["mariadb", mariadb.pid], ["bench", process.pid]]);
  const http = new SoakHttpClient(port, MAX_OUTSTANDING, REQUEST_TIMEOUT_MILLIS);
  cleanups.push(async () => http.close());
  const random = new SeededRandom(16);
  const seed = await seedSoak({ http, apiKey: BENCH_API_KEY, clipUrl, kb: kbChoices(dump, random), random });
  const context: SoakContext = {
    http,
    random,
    seed,
    runId: Date.now().toString(36),
    writes: 0,
    // Creates go to the videos without seeded annotations, so those keep their exact counts.
    media: new Recent(1_000, seed.media.slice(seed.annotatedVideos.length)),
    observations: new Recent(1_000),
    images: new Recent(1_000, seed.images),
  };
  // A first annotation, so reads of the run's annotations have one to read.
  await SOAK_MIX.find((operation) => operation.name === "annotation create")?.run(context);

  console.log(
    `\nsoak: ${TARGET === "split" ? "six domains and the gateway, each its own process (compiled build)" : "the all-in-one process (npm start)"} on MariaDB ${mariadb.port}; ${RATE} req/s for ${MINUTES} min, open loop, at most ${MAX_OUTSTANDING} outstanding; load average at start ${loadAtStart} (${availableParallelism()} cores)${heapSamples ? `; a full collection every ${FULL_GC_SECONDS} s in every process (heap samples in ${heapSamples})` : ""}`,
  );
  console.log(`mix: ${mixLine()}\n`);

  const total = new SoakWindow();
  let minute = new SoakWindow();
  let minutesDone = 0;
  const meter = new ProcessMeter(processes);
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const record = (operation: SoakOperation, scheduledAt: number, error?: unknown) => {
    const millis = performance.now() - scheduledAt;
    const failure =
      error === undefined
        ? undefined
        : {
            operation: operation.name,
            status: error instanceof SoakCallError ? error.status : 0,
            message: error instanceof Error ? error.message : String(error),
          };
    minute.record(operation.group, millis, failure);
    total.record(operation.group, millis, failure);
  };
  const seconds = await runOpenLoop({
    ratePerSecond: RATE,
    minutes: MINUTES,
    maxOutstanding: MAX_OUTSTANDING,
    drainMillis: DRAIN_MILLIS,
    send: (scheduledAt) => {
      const operation = pickOperation(random);
      return operation.run(context).then(
        () => record(operation, scheduledAt),
        (error: unknown) => record(operation, scheduledAt, error),
      );
    },
    refuse: (scheduledAt) =>
      record(
        pickOperation(random),
        scheduledAt,
        new Error(`not sent: ${MAX_OUTSTANDING} requests outstanding`),
      ),
    sampleMillis: SAMPLE_MILLIS,
    onSample: () => meter.sample(),
    onMinute: (outstanding) => {
      const delayMax = loopDelay.max / 1e6;
      console.log(minuteReport(++minutesDone, minute, meter.endMinute(), SOAK_GROUPS, outstanding, delayMax));
      minute = new SoakWindow();
      loopDelay.reset();
    },
  });

  loopDelay.disable();
  const baselineMinute = meter.baselineMinute(BASELINE_MINUTE);
  const memory = meter.rows(baselineMinute, (name) => name !== "mariadb" && name !== "bench");
  console.log(
    `\n## Soak summary: ${total.requests} requests in ${seconds.toFixed(0)} s (${(total.requests / seconds).toFixed(1)} req/s scheduled ${RATE}), ${total.errors} errors (goal: 0); load average at start ${loadAtStart}, at end ${loadAverage()}\n`,
  );
  console.log(summaryTables(memory, baselineMinute, total, SOAK_GROUPS, GROWTH_GOAL_PERCENT));
} finally {
  await stopEverything();
}
