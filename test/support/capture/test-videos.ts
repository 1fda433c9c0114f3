/**
 * Small videos made with ffmpeg's testsrc for the capture tests, in one temporary folder per
 * test file (made once, on first use): a progressive one, an interlaced one and a file that
 * is not a video. Call removeTestVideos() in after.always.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface TestVideos {
  folder: string;
  /** 320x240, 25 fps, 4 s, H.264 with a key frame every second, progressive. */
  progressive: string;
  /** 320x240, 25 fps, 2 s, H.264 coded as interlaced fields (top field first). */
  interlaced: string;
  /** 320x240, 25 fps, 2 s, H.264 with its only key frame at 0 (a short clip). */
  oneKeyFrame: string;
  /** Text with a video's name. */
  notAVideo: string;
}

let made: Promise<TestVideos> | undefined;

export function testVideos(): Promise<TestVideos> {
  made ??= makeTestVideos();
  return made;
}

export async function removeTestVideos(): Promise<void> {
  if (!made) return;
  const videos = await made.catch(() => undefined);
  made = undefined;
  if (videos) await rm(videos.folder, { recursive: true, force: true });
}

async function makeTestVideos(): Promise<TestVideos> {
  const folder = await mkdtemp(join(tmpdir(), "m3-capture-videos-"));
  const videos: TestVideos = {
    folder,
    progressive: join(folder, "progressive.mp4"),
    interlaced: join(folder, "interlaced.mp4"),
    oneKeyFrame: join(folder, "one-key-frame.mp4"),
    notAVideo: join(folder, "not-a-video.mp4"),
  };
  const common = ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi"];
  const h264 = ["-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-pix_fmt", "yuv420p"];
  await run("ffmpeg", [
    ...common,
    "-i",
    "testsrc=duration=4:size=320x240:rate=25",
    ...h264,
    videos.progressive,
  ]);
  await run("ffmpeg", [
    ...common,
    "-i",
    "testsrc=duration=2:size=320x240:rate=50",
    "-vf",
    "tinterlace=interleave_top,fieldorder=tff",
    ...h264,
    "-flags",
    "+ilme+ildct",
    videos.interlaced,
  ]);
  await run("ffmpeg", [
    ...common,
    "-i",
    "testsrc=duration=2:size=320x240:rate=25",
    ...h264,
    "-g",
    "250",
    videos.oneKeyFrame,
  ]);
  await writeFile(videos.notAVideo, "this is not a video\n");
  return videos;
}

/** The format of image bytes by their signature. */
export function imageFormatOf(data: Buffer): "jpg" | "png" | "other" {
  if (data.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return "jpg";
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  return "other";
}
