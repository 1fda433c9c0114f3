/**
 * Frame capture benchmark: a cached frame vs. an uncached one (both through the gateway)
 * vs. the bare ffmpeg command the service runs, in the same process and run. Goals: cached
 * under 5 ms; uncached within 1.2x of bare ffmpeg. Uncached and bare runs alternate so that
 * both see the same machine load. Run: `npx tsx tools/dev/bench/capture/capture.bench.ts`.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { frameCommandArgs } from "../../../../services/capture/ffmpeg/ffmpeg-args.js";
import { runProcess } from "../../../../services/capture/ffmpeg/process-runner.js";
import { startCaptureStack } from "../../fixtures/capture-stack.js";

const CACHED_REQUESTS = Number(process.env.BENCH_CACHED_REQUESTS ?? 500);
const UNCACHED_FRAMES = Number(process.env.BENCH_UNCACHED_FRAMES ?? 40);

const folder = await mkdtemp(join(tmpdir(), "m3-capture-bench-"));
const video = join(folder, "bench.mp4");
// 720p, 30 fps, a key frame every 2 s: a typical seek costs decoding up to 59 frames.
await promisify(execFile)("ffmpeg", [
  ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi"],
  ...["-i", "testsrc=duration=60:size=1280x720:rate=30"],
  ...["-c:v", "libx264", "-preset", "veryfast", "-g", "60", "-pix_fmt", "yuv420p", video],
]);
const stack = await startCaptureStack({ CAPTURE_FILE_ROOTS: folder });
const videoUrl = pathToFileURL(video).href;

async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function capture(elapsedTimeMillis: number): Promise<void> {
  const reply = await stack.capture("", { videoUrl, elapsedTimeMillis });
  if (reply.status !== 200) throw new Error(`capture answered ${reply.status}`);
}

async function bareFfmpeg(elapsedMillis: number): Promise<void> {
  const args = frameCommandArgs({
    input: `file:${video}`,
    protocols: ["file"],
    elapsedMillis,
    imageType: "jpg",
    accurate: true,
    nokey: false,
    deinterlace: false,
    forceBt709: false,
    target: join(folder, `bare-${elapsedMillis}.jpg`),
  });
  const result = await runProcess("ffmpeg", args, 60_000);
  if (result.exitCode !== 0) throw new Error(result.stderr);
}

function summary(label: string, millis: number[]): { label: string; median: number; p95: number } {
  const sorted = [...millis].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { label, median: at(0.5), p95: at(0.95) };
}

try {
  // Warm-up: JIT, gRPC channel, the video in the page cache.
  for (let i = 0; i < 5; i++) {
    await capture(100 + i);
    await bareFfmpeg(100 + i);
  }
  const cached: number[] = [];
  for (let i = 0; i < CACHED_REQUESTS; i++) cached.push(await timed(() => capture(100)));
  const uncached: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < UNCACHED_FRAMES; i++) {
    // Spread over the video, 1 s apart plus an odd offset, never a key frame exactly.
    const at = 1_000 + ((i * 1_373) % 57_000) + 17;
    uncached.push(await timed(() => capture(at)));
    bare.push(await timed(() => bareFfmpeg(at)));
  }
  const rows = [
    summary(`cached frame via gateway (${CACHED_REQUESTS} requests)`, cached),
    summary(`uncached frame via gateway (${UNCACHED_FRAMES} frames)`, uncached),
    summary(`bare ffmpeg, same argv (${UNCACHED_FRAMES} frames)`, bare),
  ];
  console.log("\ncapture benchmark: 1280x720 H.264, 30 fps, GOP 60, sequential requests\n");
  for (const row of rows) {
    console.log(
      `${row.label.padEnd(48)} median ${row.median.toFixed(2).padStart(8)} ms   p95 ${row.p95.toFixed(2).padStart(8)} ms`,
    );
  }
  const [cachedRow, uncachedRow, bareRow] = rows;
  const ratio = (uncachedRow?.median ?? 0) / (bareRow?.median ?? 1);
  console.log(`\ncached median under 5 ms: ${(cachedRow?.median ?? Infinity) < 5 ? "yes" : "NO"}`);
  console.log(
    `uncached / bare ffmpeg (medians): ${ratio.toFixed(3)} (goal <= 1.2: ${ratio <= 1.2 ? "yes" : "NO"})`,
  );
} finally {
  await stack.stop();
  await rm(folder, { recursive: true, force: true });
}
