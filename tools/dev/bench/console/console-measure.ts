import { readdirSync, readFileSync, statSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";

/** One figure measured several times: its median and slowest run, in ms. */
export interface Timing {
  name: string;
  goalMillis: number;
  runs: number[];
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** BENCH_RUNS, or the bench's default: how many measured runs each figure gets. */
export function benchRuns(defaultRuns: number): number {
  const runs = Number(process.env.BENCH_RUNS ?? defaultRuns);
  if (!Number.isInteger(runs) || runs < 1) throw new Error("BENCH_RUNS must be a positive integer");
  return runs;
}

/**
 * A browser bench's figure and its floor as a markdown table headed with the bench, its runs and
 * the load average: median and slowest of each, the figure against its goal.
 */
export function printFigureAndFloor(bench: string, figure: Timing, floor: Timing): void {
  const load = loadavg().map((value) => value.toFixed(2));
  console.log(`${bench}, ${figure.runs.length} runs, load average ${load.join(" ")} (1/5/15 min)\n`);
  console.log("| figure | median ms | slowest ms | goal |");
  console.log("|---|---:|---:|---|");
  for (const [timing, goal] of [
    [figure, `< ${figure.goalMillis} ms`],
    [floor, "floor"],
  ] as const) {
    console.log(`| ${timing.name} | ${median(timing.runs)} | ${Math.max(...timing.runs)} | ${goal} |`);
  }
}

/** Milliseconds from `start` (just before the action) until `shown` resolves. */
export async function timed(action: () => Promise<unknown>, shown: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await action();
  await shown();
  return Math.round(performance.now() - started);
}

/** A fresh browser context: an empty cache and tab storage, as a first visit has. */
export async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** Bytes the page fetched over the network (compressed, as sent), from its resource timings. */
export function transferredBytes(page: Page): Promise<number> {
  return page.evaluate(() =>
    [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")].reduce(
      (sum, entry) => sum + ((entry as PerformanceResourceTiming).transferSize ?? 0),
      0,
    ),
  );
}

/** The built console's size: every asset as stored and gzipped (the `.gz` the build wrote, else gzip -9). */
export function bundleSize(consoleDir: string): { rawBytes: number; gzipBytes: number; files: number } {
  let rawBytes = 0;
  let gzipBytes = 0;
  let files = 0;
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (!name.endsWith(".gz") && !name.startsWith(".")) {
        const content = readFileSync(path);
        rawBytes += content.length;
        gzipBytes += gzipSync(content, { level: 9 }).length;
        files++;
      }
    }
  };
  walk(consoleDir);
  return { rawBytes, gzipBytes, files };
}

/** The gzipped size of the built assets whose file name matches `pattern` (vite names a chunk `<name>-<hash>.js`). */
export function gzippedAssets(consoleDir: string, pattern: RegExp): number {
  const assets = join(consoleDir, "assets");
  return readdirSync(assets)
    .filter((name) => pattern.test(name))
    .reduce((sum, name) => sum + gzipSync(readFileSync(join(assets, name)), { level: 9 }).length, 0);
}

/** The gzipped bytes (the `.gz` files the build wrote) of the console's chunks named `prefix…`. */
export function chunkGzipBytes(consoleDir: string, prefix: string): number {
  const assets = join(consoleDir, "assets");
  return readdirSync(assets)
    .filter((name) => name.startsWith(prefix) && name.endsWith(".gz"))
    .reduce((sum, name) => sum + statSync(join(assets, name)).size, 0);
}
