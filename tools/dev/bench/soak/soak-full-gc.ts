import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

const HEAP_SAMPLER = join(import.meta.dirname, "../harness/heap-sampler.mjs");

/**
 * Makes every process started from now on (they inherit this environment and, through
 * M3_BENCH_NODE_ARGS, the node options) run a full collection every `seconds` and log its heap
 * samples (heap-sampler.mjs) to a new temporary folder, which is returned.
 */
export async function collectFullyEvery(seconds: number): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "m3-soak-heap-"));
  process.env.M3_HEAP_SAMPLES_DIR = folder;
  process.env.M3_HEAP_FORCE_GC_SECONDS = String(seconds);
  process.env.M3_BENCH_NODE_ARGS = [process.env.M3_BENCH_NODE_ARGS, "--expose-gc", `--import=${HEAP_SAMPLER}`]
    .filter(Boolean)
    .join(" ");
  return folder;
}
