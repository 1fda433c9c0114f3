import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import test from "ava";
import { pino } from "pino";
import { FrameCache, SOURCE_FILE } from "../../../services/capture/cache/frame-cache.js";
import type { FrameKey } from "../../../services/capture/cache/frame-key.js";

const logger = pino({ level: "silent" });
const roots: string[] = [];

async function newRoot(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "m3-capture-cache-"));
  roots.push(root);
  return root;
}

test.after.always(async () => {
  await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })));
});

function frame(elapsedMillis: number, extra: Partial<FrameKey> = {}): FrameKey {
  return {
    videoUrl: "http://videos.example/a.mp4",
    elapsedMillis,
    imageType: "jpg",
    deinterlaced: false,
    ...extra,
  };
}

/** Writes `bytes` bytes where the cache wants the frame and records it. */
async function store(cache: FrameCache, key: FrameKey, bytes: number, createdAt?: number): Promise<string> {
  const path = await cache.targetFor(key);
  await writeFile(path, Buffer.alloc(bytes, 1));
  await cache.add(key, bytes, createdAt);
  return path;
}

test("frames are found by video, time, image type and deinterlacing, each its own entry", async (t) => {
  const cache = await FrameCache.open(await newRoot(), { maxBytes: 1e6, freeFraction: 0.2 }, logger);
  const keys = [frame(1), frame(1, { imageType: "png" }), frame(1, { deinterlaced: true }), frame(2)];
  for (const key of keys) await store(cache, key, 10);
  t.is(cache.size, 4);
  t.is(cache.totalBytes, 40);
  t.true(cache.find(keys[2] as FrameKey)?.endsWith("00_00_00.001_deinterlaced.jpg"));
  t.is(cache.find(frame(3)), undefined);
  await store(cache, frame(1), 25);
  t.is(cache.totalBytes, 55, "putting a key again replaces its size");
});

test("past the size limit the oldest frames go first until the free share of the total is freed", async (t) => {
  const cache = await FrameCache.open(await newRoot(), { maxBytes: 100, freeFraction: 0.3 }, logger);
  const paths: string[] = [];
  for (let i = 0; i < 10; i++) paths.push(await store(cache, frame(i), 10, 1_000 + i));
  t.is(cache.size, 10);
  await store(cache, frame(10), 10, 2_000);
  // 110 bytes > 100: at least 33 bytes go, oldest first: frames 0..3.
  t.is(cache.totalBytes, 70);
  for (let i = 0; i < 4; i++) t.is(cache.find(frame(i)), undefined);
  t.truthy(cache.find(frame(4)));
  const left = await readdir(join(paths[0] as string, ".."));
  t.false(left.includes("00_00_00.000.jpg"));
  t.true(left.includes("00_00_00.010.jpg"));
});

test("on start the index is rebuilt from disk with sizes and ages, and strays are cleared", async (t) => {
  const root = await newRoot();
  const first = await FrameCache.open(root, { maxBytes: 1e6, freeFraction: 0.2 }, logger);
  const https = { videoUrl: "https://videos.example/dir/b.mov?x=1" };
  const kept = await store(first, frame(1500, https), 7);
  await store(first, frame(2500, { ...https, imageType: "png", deinterlaced: true }), 9);
  const folder = join(kept, "..");
  await writeFile(join(folder, ".00_00_03.000.abcd.part.jpg"), "partial");
  await mkdir(join(root, "ab", "abcdef"), { recursive: true });
  await writeFile(join(root, "ab", "abcdef", "00_00_01.000.jpg"), "no source file");
  await utimes(kept, new Date(5_000), new Date(5_000));

  const second = await FrameCache.open(root, { maxBytes: 1e6, freeFraction: 0.2 }, logger);
  t.is(second.size, 2);
  t.is(second.totalBytes, 16);
  t.is(second.find(frame(1500, https)), kept);
  t.truthy(second.find(frame(2500, { ...https, imageType: "png", deinterlaced: true })));
  t.deepEqual((await readdir(folder)).sort(), [
    "00_00_01.500.jpg",
    "00_00_02.500_deinterlaced.png",
    SOURCE_FILE,
  ]);
  t.deepEqual(await readdir(join(root, "ab")), []);
});

test("a rebuilt cache over its limit evicts by file age", async (t) => {
  const root = await newRoot();
  const first = await FrameCache.open(root, { maxBytes: 1e6, freeFraction: 0.5 }, logger);
  const old = await store(first, frame(1), 60);
  const young = await store(first, frame(2), 60);
  await utimes(old, new Date(1_000), new Date(1_000));
  await utimes(young, new Date(9_000_000), new Date(9_000_000));
  const second = await FrameCache.open(root, { maxBytes: 100, freeFraction: 0.5 }, logger);
  t.is(second.find(frame(1)), undefined);
  t.is(second.find(frame(2)), young);
});

test("whatever the URL, frame files stay inside the cache root", async (t) => {
  const root = await newRoot();
  const cache = await FrameCache.open(root, { maxBytes: 1e6, freeFraction: 0.2 }, logger);
  for (const videoUrl of [
    "http://h/../../../../etc/passwd",
    "file:///../../x.mp4",
    "http://h/%2e%2e/%2e%2e/x",
    "http://h/a?b=../../c",
  ]) {
    const path = await cache.targetFor(frame(1, { videoUrl }));
    const inside = relative(root, path);
    t.false(inside.startsWith(".."), videoUrl);
    t.regex(inside, /^[0-9a-f]{2}\/[0-9a-f]{64}\/00_00_00\.001\.jpg$/);
  }
});
