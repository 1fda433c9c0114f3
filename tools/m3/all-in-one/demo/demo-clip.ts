import { existsSync, statSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { runProcess } from "../../../../services/capture/ffmpeg/process-runner.js";
import { DEMO_CLIP } from "./demo-plan.js";

export type DemoClip =
  | { status: "present" | "generated"; file: string; url: string; seconds: number }
  | { status: "unavailable"; file: string; url: string; reason: string };

const GENERATE_TIMEOUT_MILLIS = 60_000;

/** The pattern with a burnt-in SMPTE timecode, so each grabbed frame shows where it was taken. */
const WITH_TIMECODE = [
  `testsrc2=size=${DEMO_CLIP.width}x${DEMO_CLIP.height}:rate=${DEMO_CLIP.frameRate}:duration=${DEMO_CLIP.durationMillis / 1000}`,
  [
    `drawtext=timecode='00\\:00\\:00\\:00':rate=${DEMO_CLIP.frameRate}:fontsize=20:fontcolor=white`,
    "box=1:boxcolor=black@0.6:boxborderw=4:x=w-tw-10:y=h-th-10",
  ].join(":"),
];
/** Without fonts drawtext fails; testsrc draws its own running time instead. */
const WITHOUT_FONTS = [
  `testsrc=size=${DEMO_CLIP.width}x${DEMO_CLIP.height}:rate=${DEMO_CLIP.frameRate}:duration=${DEMO_CLIP.durationMillis / 1000}`,
  "null",
];

/**
 * The demo clip in `folder` (a capture root): kept when it is there, else made with ffmpeg in
 * well under a second (H.264, a key frame every second, so frame grabs seek fast), written
 * under a temporary name and renamed, so a half-written file is never taken for the clip.
 */
export async function ensureDemoClip(folder: string, ffmpegPath: string): Promise<DemoClip> {
  const file = join(folder, DEMO_CLIP.fileName);
  const url = pathToFileURL(file).href;
  if (existsSync(file) && statSync(file).size > 0) return { status: "present", file, url, seconds: 0 };
  const startedAt = performance.now();
  await mkdir(folder, { recursive: true });
  const partial = `${file}.partial`;
  let failure = "";
  for (const [source, filter] of [WITH_TIMECODE, WITHOUT_FONTS] as const) {
    const outcome = await encode(ffmpegPath, source as string, filter as string, partial);
    if (outcome === "ok") {
      await rename(partial, file);
      return { status: "generated", file, url, seconds: (performance.now() - startedAt) / 1000 };
    }
    failure = outcome;
    if (outcome.startsWith("cannot run")) break;
  }
  await rm(partial, { force: true });
  return { status: "unavailable", file, url, reason: failure };
}

/** "ok", or why ffmpeg did not make the file. */
async function encode(ffmpegPath: string, source: string, filter: string, output: string): Promise<string> {
  const args = [
    ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", source, "-vf", filter],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-crf", "28", "-g", String(DEMO_CLIP.frameRate)],
    ...["-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4", output],
  ];
  try {
    const result = await runProcess(ffmpegPath, args, GENERATE_TIMEOUT_MILLIS);
    if (result.exitCode === 0) return "ok";
    const lastLine = result.stderr.trim().split("\n").at(-1) ?? "";
    return result.timedOut
      ? `ffmpeg took longer than ${GENERATE_TIMEOUT_MILLIS} ms`
      : `ffmpeg failed: ${lastLine}`;
  } catch (error) {
    return `cannot run ${ffmpegPath}: ${(error as Error).message}`;
  }
}
