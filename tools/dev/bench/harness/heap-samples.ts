/**
 * Sums up the files heap-sampler.mjs wrote: `npx tsx tools/dev/bench/harness/heap-samples.ts <dir> [from s]`.
 * Per process, from the given second on (default 30: after the seeding): the range of RSS and of
 * each part of it V8 accounts for, the GCs in that stretch, the heap right after the last
 * mark-compacts, and the live heap after each forced full GC when there were any.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

interface Space {
  sizeMb: number;
  usedMb: number;
}

interface Sample {
  t: number;
  rssMb: number;
  heapTotalMb: number;
  heapUsedMb: number;
  externalMb: number;
  arrayBuffersMb: number;
  spaces: Record<string, Space>;
  gc: {
    scavenges: number;
    scavengeMillis: number;
    markCompacts: number;
    markCompactMillis: number;
    afterMarkCompact: { t: number; heapUsedMb: number }[];
  };
  live: { t: number; heapUsedMb: number }[];
}

const [dir, from = "30"] = process.argv.slice(2);
if (!dir) throw new Error("usage: heap-samples.ts <dir> [from seconds]");

const FIGURES: Record<string, (sample: Sample) => number> = {
  RSS: (s) => s.rssMb,
  "V8 heap, committed": (s) => s.heapTotalMb,
  "V8 heap, used": (s) => s.heapUsedMb,
  "young generation, committed": (s) => s.spaces.new_space?.sizeMb ?? 0,
  "old generation, committed": (s) => s.spaces.old_space?.sizeMb ?? 0,
  "old generation, used": (s) => s.spaces.old_space?.usedMb ?? 0,
  "large objects": (s) => s.spaces.large_object_space?.sizeMb ?? 0,
  "external (buffers...)": (s) => s.externalMb,
  "RSS outside the V8 heap": (s) => s.rssMb - s.heapTotalMb,
};

function range(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(0);
  return `min ${at(0).padStart(4)}  median ${at(0.5).padStart(4)}  max ${at(1).padStart(4)}`;
}

for (const file of readdirSync(dir)
  .filter((name) => name.endsWith(".jsonl"))
  .sort()) {
  const samples = readFileSync(join(dir, file), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Sample);
  const stretch = samples.filter((sample) => sample.t >= Number(from));
  const first = stretch[0];
  const last = stretch[stretch.length - 1];
  if (!first || !last) continue;
  console.log(`\n${file}: ${stretch.length} samples, ${first.t.toFixed(0)} s to ${last.t.toFixed(0)} s (MB)`);
  for (const [label, figure] of Object.entries(FIGURES)) {
    console.log(`  ${label.padEnd(28)} ${range(stretch.map(figure))}`);
  }
  const gc = (key: "scavenges" | "scavengeMillis" | "markCompacts" | "markCompactMillis") =>
    last.gc[key] - first.gc[key];
  console.log(
    `  GCs: ${gc("scavenges")} scavenges (${gc("scavengeMillis").toFixed(0)} ms), ${gc("markCompacts")} mark-compacts (${gc("markCompactMillis").toFixed(0)} ms)`,
  );
  const after = last.gc.afterMarkCompact.map((gc) => `${gc.heapUsedMb} at ${gc.t.toFixed(0)} s`);
  console.log(`  heap used after the last mark-compacts: ${after.join(", ") || "none"}`);
  if (last.live.length > 0) {
    console.log(`  live heap after forced full GCs: ${last.live.map((gc) => gc.heapUsedMb).join(" ")}`);
  }
}
