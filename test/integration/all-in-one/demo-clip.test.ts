import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import test from "ava";
import { ensureDemoClip } from "../../../tools/m3/all-in-one/demo/demo-clip.js";
import { DEMO_CLIP } from "../../../tools/m3/all-in-one/demo/demo-plan.js";

const run = promisify(execFile);
const folders: string[] = [];
const tempFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), "m3-demo-clip-"));
  folders.push(folder);
  return join(folder, "videos");
};
test.after.always(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

test("the clip is made once with ffmpeg as small H.264 mp4 of the planned size and length, then kept", async (t) => {
  const folder = tempFolder();
  const made = await ensureDemoClip(folder, "ffmpeg");
  t.is(made.status, "generated");
  const file = fileURLToPath(made.url);
  const { stdout } = await run("ffprobe", [
    ...[
      "-v",
      "error",
      "-select_streams",
      "v:0",
      "-show_entries",
      "stream=codec_name,width,height,r_frame_rate",
    ],
    ...["-show_entries", "format=duration,format_name", "-of", "json", file],
  ]);
  const probe = JSON.parse(stdout) as {
    streams: { codec_name: string; width: number; height: number; r_frame_rate: string }[];
    format: { duration: string; format_name: string };
  };
  t.like(probe.streams[0], {
    codec_name: "h264",
    width: DEMO_CLIP.width,
    height: DEMO_CLIP.height,
    r_frame_rate: "25/1",
  });
  t.true(Math.abs(Number(probe.format.duration) - DEMO_CLIP.durationMillis / 1000) < 0.1);
  t.regex(probe.format.format_name, /mp4/);
  const modified = statSync(file).mtimeMs;
  const again = await ensureDemoClip(folder, "ffmpeg");
  t.is(again.status, "present");
  t.is(statSync(file).mtimeMs, modified);
  t.deepEqual(readdirSync(folder), [DEMO_CLIP.fileName]);
});

test("without ffmpeg the clip is unavailable with the reason, and no partial file is left", async (t) => {
  const folder = tempFolder();
  const missing = await ensureDemoClip(folder, join(folder, "no-such-ffmpeg"));
  t.is(missing.status, "unavailable");
  t.regex(missing.status === "unavailable" ? missing.reason : "", /^cannot run .*no-such-ffmpeg: .*ENOENT/);
  t.false(existsSync(fileURLToPath(missing.url)));
  t.deepEqual(readdirSync(folder), []);
});
