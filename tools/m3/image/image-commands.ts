import { dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

// Resolved here rather than imported, so the image needs nothing else to find its commands.
const HERE = fileURLToPath(import.meta.url);
const APP_ROOT = resolve(dirname(HERE), "..", "..", "..");
/** `.ts` in the source tree, `.js` in the compiled build (npm run build) the image runs. */
const EXTENSION = extname(HERE);

/**
 * The node options of every process of the image (its ENTRYPOINT; the Dockerfile test holds
 * them equal). A heap that grows by half between full collections instead of V8's default
 * (up to several times) keeps each process's peak small: the annotation service's peak over
 * a million-row TSV download went from 277-316 MB to ~190 MB, at the same speed, and a
 * 10,000-annotation fast query from 259 to 285 ms. The young generation is pinned at V8's own
 * maximum (two 16 MB semi-spaces) from the start: left to itself V8 starts it at 1 MB and grows
 * it under load over minutes, which bench:soak saw as 12-27% RSS growth after minute 2 of kb,
 * registry, upload and config with a flat live heap. Pinned, a process's RSS is what it will
 * be under load (about 30 MB more at idle for the small ones), so memory limits hold.
 */
export const IMAGE_NODE_OPTIONS: readonly string[] = [
  "--heap-growing-percent=50",
  "--min-semi-space-size=16",
];

/**
 * The option of IMAGE_NODE_OPTIONS that a running process can still take (V8 reads it at every
 * full collection): the `m3` command sets it on itself, so a checkout's `m3` keeps the image's
 * heap. `m3 import legacy` of 1,000,000 annotations peaked at 278-316 MB without it, 177 MB with
 * it, at the same speed.
 */
export const HEAP_GROWTH_OPTION = IMAGE_NODE_OPTIONS[0] as string;

/**
 * Processes that run with other node options than the ENTRYPOINT's: the chart gives their
 * containers the command `node <these> tools/m3/image/image-entrypoint.js` (a deploy test holds the
 * two equal), and the soak starts them with these. Config serves a few requests a second, and at
 * that rate V8's optimizing compiler kept compiling for minutes (its code and data, and the
 * compiler's own memory, grew with it) while the pinned 16 MB young generation, which V8 also
 * adds to the old generation's allowance, let the heap swing 15-32 MB between mark-compacts:
 * config's RSS went 80 -> 90 MB over 4 minutes and swung 81-96 MB over a 10-minute soak. Without
 * the optimizing compiler and with a 1 MB young generation it stayed at 61-62 MB for the same
 * 4 minutes under the same load, for 9-20% more CPU (4.75 vs 4.35 CPU seconds in 4 minutes, 9.0
 * vs 7.5 in 8), and within 59-70 MB over two 10-minute soaks. What is left is V8's own saw: a
 * mark-compact every ~5 minutes, each old generation allowed at least 8 MB over its live data.
 */
export const PROCESS_NODE_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  config: ["--heap-growing-percent=50", "--max-semi-space-size=1", "--no-opt"],
};

/** The node options a command's process runs with, in the chart and the soak. */
export function processNodeOptions(command: string): readonly string[] {
  return PROCESS_NODE_OPTIONS[command] ?? IMAGE_NODE_OPTIONS;
}

/** The processes the one container image runs, by the command word its first argument gives. */
export const IMAGE_COMMANDS: Readonly<Record<string, string>> = {
  kb: "services/kb/main",
  annotation: "services/annotation/main",
  registry: "services/registry/main",
  config: "services/config/main",
  capture: "services/capture/main",
  upload: "services/upload/main",
  gateway: "gateway/main",
  // Reconciles M3Platform resources (docs/operator.md).
  operator: "services/operator/main",
  migrate: "tools/m3/migrate/main",
  // The operators' command line: `docker run … m3 users list`, `kubectl exec … -- m3 health`.
  m3: "tools/m3/cli/main",
};

/** The absolute path of a command's main module; throws listing the commands for an unknown one. */
export function imageCommandModule(command: string | undefined): string {
  const file = command === undefined ? undefined : IMAGE_COMMANDS[command];
  if (file === undefined) {
    const known = Object.keys(IMAGE_COMMANDS).join(", ");
    throw new Error(`usage: <command> [arguments]; the command is one of ${known}, got "${command ?? ""}"`);
  }
  return join(APP_ROOT, `${file}${EXTENSION}`);
}
