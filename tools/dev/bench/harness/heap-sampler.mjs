/**
 * A preload for looking into a process's memory during a benchmark (plain JavaScript, so the
 * compiled processes, which run without a TypeScript loader, can load it too):
 *
 *   M3_HEAP_SAMPLES_DIR=$PWD/.tmp/heap M3_BENCH_NODE_ARGS="--import=$PWD/tools/dev/bench/harness/heap-sampler.mjs" \
 *     BENCH_SOAK_TARGET=all-in-one BENCH_SOAK_MINUTES=2.5 npm run bench:soak
 *   npx tsx tools/dev/bench/harness/heap-samples.ts .tmp/heap
 *
 * Every 500 ms each process appends a line to <dir>/<process>-<pid>.jsonl: RSS, V8's heap by
 * space (the young generation's committed size is what --max-semi-space-size bounds), external
 * memory, and its GCs so far (scavenges, mark-compacts, the heap right after each
 * mark-compact). With --expose-gc and M3_HEAP_FORCE_GC_SECONDS=N it also forces a full GC every
 * N seconds and records the heap left, the live data: flat means no leak, whatever RSS does.
 */
import { appendFileSync } from "node:fs";
import { basename, dirname } from "node:path";
import { PerformanceObserver } from "node:perf_hooks";
import { getHeapSpaceStatistics } from "node:v8";

const SAMPLE_MILLIS = 500;
const SCAVENGE = 1;
const MARK_COMPACT = [2, 4];
const dir = process.env.M3_HEAP_SAMPLES_DIR;

if (dir) {
  const script = process.argv[1] ?? "node";
  // services/<domain>/main.js and gateway/main.js are named by their folder.
  const name = basename(script).startsWith("main.") ? basename(dirname(script)) : basename(script);
  const file = `${dir}/${name}-${process.pid}.jsonl`;
  const started = performance.now();
  const seconds = () => Math.round(performance.now() - started) / 1000;
  const mb = (bytes) => Math.round(bytes / 104857.6) / 10;
  const gc = { scavenges: 0, scavengeMillis: 0, markCompacts: 0, markCompactMillis: 0, afterMarkCompact: [] };
  const live = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = entry.detail?.kind;
      if (kind === SCAVENGE) {
        gc.scavenges++;
        gc.scavengeMillis += entry.duration;
      } else if (MARK_COMPACT.includes(kind)) {
        gc.markCompacts++;
        gc.markCompactMillis += entry.duration;
        gc.afterMarkCompact.push({ t: seconds(), heapUsedMb: mb(process.memoryUsage().heapUsed) });
      }
    }
  }).observe({ entryTypes: ["gc"] });
  const forceEvery = Number(process.env.M3_HEAP_FORCE_GC_SECONDS ?? 0);
  if (forceEvery > 0 && typeof globalThis.gc === "function") {
    setInterval(() => {
      globalThis.gc();
      live.push({ t: seconds(), heapUsedMb: mb(process.memoryUsage().heapUsed) });
    }, forceEvery * 1000).unref();
  }
  setInterval(() => {
    const memory = process.memoryUsage();
    const spaces = Object.fromEntries(
      getHeapSpaceStatistics().map((space) => [
        space.space_name,
        { sizeMb: mb(space.space_size), usedMb: mb(space.space_used_size) },
      ]),
    );
    const sample = {
      t: seconds(),
      rssMb: mb(memory.rss),
      heapTotalMb: mb(memory.heapTotal),
      heapUsedMb: mb(memory.heapUsed),
      externalMb: mb(memory.external),
      arrayBuffersMb: mb(memory.arrayBuffers),
      spaces,
      gc: { ...gc, afterMarkCompact: gc.afterMarkCompact.slice(-5) },
      live,
    };
    appendFileSync(file, `${JSON.stringify(sample)}\n`);
  }, SAMPLE_MILLIS).unref();
}
