import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import { FrameGrabber } from "../../../services/capture/ffmpeg/frame-grabber.js";
import { VideoProbe } from "../../../services/capture/ffmpeg/video-probe.js";
import { imageFormatOf, removeTestVideos, testVideos } from "../../support/capture/test-videos.js";

let out = "";
test.before(async () => {
  out = await mkdtemp(join(tmpdir(), "m3-capture-grab-"));
});
test.after.always(async () => {
  await rm(out, { recursive: true, force: true });
  await removeTestVideos();
});

const grabber = new FrameGrabber({ ffmpegPath: "ffmpeg", timeoutMillis: 30_000 });
const probe = () =>
  new VideoProbe({ ffprobePath: "ffprobe", timeoutMillis: 30_000, maxEntries: 10, ttlMillis: 60_000 });

function command(input: string, target: string, extra: Partial<Parameters<FrameGrabber["grab"]>[0]> = {}) {
  return {
    input: `file:${input}`,
    protocols: ["file"],
    elapsedMillis: 1000,
    imageType: "jpg" as const,
    accurate: true,
    nokey: false,
    deinterlace: false,
    target,
    ...extra,
  };
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(data: Buffer): [number, number] {
  return [data.readUInt32BE(16), data.readUInt32BE(20)];
}

test("captures a JPEG and a PNG frame of a progressive video at full size", async (t) => {
  const { progressive } = await testVideos();
  const jpg = join(out, "p.jpg");
  const png = join(out, "p.png");
  t.deepEqual(await grabber.grab(command(progressive, jpg)), { kind: "captured" });
  t.deepEqual(
    await grabber.grab(command(progressive, png, { imageType: "png", accurate: false, nokey: true })),
    {
      kind: "captured",
    },
  );
  t.is(imageFormatOf(await readFile(jpg)), "jpg");
  const pngData = await readFile(png);
  t.is(imageFormatOf(pngData), "png");
  t.deepEqual(pngSize(pngData), [320, 240]);
});

test("deinterlacing an interlaced video keeps its dimensions", async (t) => {
  const { interlaced } = await testVideos();
  const target = join(out, "i.png");
  t.deepEqual(await grabber.grab(command(interlaced, target, { imageType: "png", deinterlace: true })), {
    kind: "captured",
  });
  t.deepEqual(pngSize(await readFile(target)), [320, 240]);
});

test("a time past the end gives no frame and leaves no file", async (t) => {
  const { progressive } = await testVideos();
  const target = join(out, "late.jpg");
  t.deepEqual(await grabber.grab(command(progressive, target, { elapsedMillis: 60_000 })), {
    kind: "no-frame",
  });
  t.false((await readdir(out)).some((name) => name.includes("late")));
});

test("a missing file and a file that is not a video are unreadable", async (t) => {
  const { folder, notAVideo } = await testVideos();
  for (const input of [join(folder, "missing.mp4"), notAVideo]) {
    const outcome = await grabber.grab(command(input, join(out, "u.jpg")));
    t.is(outcome.kind, "unreadable", input);
  }
});

test("a run past its timeout is killed, fails, and leaves no partial file", async (t) => {
  const { progressive } = await testVideos();
  const slow = join(out, "slow-ffmpeg.sh");
  await writeFile(slow, '#!/bin/sh\nfor last; do :; done\necho partial > "$last"\nexec sleep 30\n');
  await chmod(slow, 0o755);
  const impatient = new FrameGrabber({ ffmpegPath: slow, timeoutMillis: 200 });
  const folder = await mkdtemp(join(out, "timeout-"));
  const outcome = await impatient.grab(command(progressive, join(folder, "t.jpg")));
  t.deepEqual(outcome, { kind: "failed", detail: "ffmpeg timed out" });
  t.deepEqual(await readdir(folder), []);
});

test("an ffmpeg that cannot start is a failed run", async (t) => {
  const { progressive } = await testVideos();
  const missing = new FrameGrabber({ ffmpegPath: join(out, "no-such-ffmpeg"), timeoutMillis: 1_000 });
  const outcome = await missing.grab(command(progressive, join(out, "n.jpg")));
  t.is(outcome.kind, "failed");
  t.regex((outcome as { detail: string }).detail, /ffmpeg did not start: .*ENOENT/);
});

test("ffprobe tells the interlaced test video from the progressive one and their durations; a failed probe knows nothing", async (t) => {
  const { progressive, interlaced, notAVideo } = await testVideos();
  const probes = probe();
  t.deepEqual(await probes.facts(`file:${interlaced}`, ["file"]), { interlaced: true, durationMillis: 2000 });
  t.deepEqual(await probes.facts(`file:${progressive}`, ["file"]), {
    interlaced: false,
    durationMillis: 4000,
  });
  t.deepEqual(await probes.facts(`file:${notAVideo}`, ["file"]), {
    interlaced: false,
    durationMillis: undefined,
  });
});

test("the probe asks ffprobe once per video, also for concurrent callers", async (t) => {
  const { interlaced } = await testVideos();
  const counter = join(out, "count-ffprobe.sh");
  const log = join(out, "ffprobe-runs.log");
  await writeFile(counter, `#!/bin/sh\necho run >> "${log}"\nexec ffprobe "$@"\n`);
  await chmod(counter, 0o755);
  const probes = new VideoProbe({
    ffprobePath: counter,
    timeoutMillis: 30_000,
    maxEntries: 10,
    ttlMillis: 60_000,
  });
  const answers = await Promise.all([1, 2, 3].map(() => probes.facts(`file:${interlaced}`, ["file"])));
  t.deepEqual(
    answers.map((facts) => facts.interlaced),
    [true, true, true],
  );
  t.true((await probes.facts(`file:${interlaced}`, ["file"])).interlaced);
  t.is((await readFile(log, "utf8")).trim().split("\n").length, 1);
});
