import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import { pino } from "pino";
import { CropCache } from "../../../services/capture/crops/cache/crop-cache.js";
import { type CropKey, cropKey } from "../../../services/capture/crops/cache/crop-key.js";

const logger = pino({ level: "silent" });
const roots: string[] = [];

async function newRoot(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "m3-crop-cache-"));
  roots.push(root);
  return root;
}

test.after.always(async () => {
  await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })));
});

const region = (left: number) => ({ left, top: 0, right: left + 10, bottom: 10 });
const limits = { maxBytes: 1_000, freeFraction: 0.5 };

test("a crop is found by URL, time and region, each its own entry", async (t) => {
  const cache = await CropCache.open(await newRoot(), limits, logger);
  const key = cropKey("http://images.example/a.png", 0, region(0));
  await cache.write(key, Buffer.from("crop a"));
  t.deepEqual(await cache.read(key), Buffer.from("crop a"));
  t.is(await cache.read(cropKey("http://images.example/a.png", 0, region(1))), undefined);
  t.is(await cache.read(cropKey("http://images.example/a.png", 5, region(0))), undefined);
  t.is(await cache.read(cropKey("http://images.example/b.png", 0, region(0))), undefined);
  t.is(cache.size, 1);
});

test("past its limit the cache deletes the oldest crops until the free share is reached", async (t) => {
  const root = await newRoot();
  const cache = await CropCache.open(root, limits, logger);
  const keys = [0, 1, 2, 3].map((left) => cropKey("http://images.example/a.png", 0, region(left)));
  for (const [index, key] of keys.entries()) await cache.write(key, Buffer.alloc(300, index), 1_000 + index);
  const [oldest, , , newest] = keys as [CropKey, CropKey, CropKey, CropKey];
  // 1,200 bytes > 1,000: half of them (600) go, oldest first.
  t.is(cache.size, 2);
  t.is(cache.totalBytes, 600);
  t.is(await cache.read(oldest), undefined);
  t.truthy(await cache.read(newest));
  const files = (
    await Promise.all((await readdir(root)).map((prefix) => readdir(join(root, prefix))))
  ).flat();
  t.is(files.length, 2);
});

test("reopened, the cache indexes the crops on disk and deletes partial files and strays", async (t) => {
  const root = await newRoot();
  const key = cropKey("file:///videos/a.mp4", 1000, region(0));
  const first = await CropCache.open(root, limits, logger);
  await first.write(key, Buffer.from("kept"));
  const prefix = key.digest.slice(0, 2);
  await writeFile(join(root, prefix, `.${key.digest}.abc.part`), "partial");
  const other = prefix === "ab" ? "cd" : "ab";
  await mkdir(join(root, other), { recursive: true });
  await writeFile(join(root, other, "stray.txt"), "stray");
  const reopened = await CropCache.open(root, limits, logger);
  t.deepEqual(await reopened.read(key), Buffer.from("kept"));
  t.is(reopened.size, 1);
  t.deepEqual(await readdir(join(root, prefix)), [`${key.digest}.png`]);
  t.deepEqual(await readdir(join(root, other)), []);
});

test("a crop whose file vanished is a miss and is forgotten", async (t) => {
  const root = await newRoot();
  const cache = await CropCache.open(root, limits, logger);
  const key = cropKey("http://images.example/a.png", 0, region(0));
  await cache.write(key, Buffer.from("crop"));
  await rm(join(root, key.digest.slice(0, 2)), { recursive: true });
  t.is(await cache.read(key), undefined);
  t.is(cache.size, 0);
  t.is(cache.totalBytes, 0);
});

test("a kept crop is answered from memory at once and is on disk after flush", async (t) => {
  const root = await newRoot();
  const cache = await CropCache.open(root, limits, logger);
  const key = cropKey("http://images.example/a.png", 0, region(0));
  cache.keep(key, Buffer.from("kept crop"));
  t.deepEqual(await cache.read(key), Buffer.from("kept crop"));
  await cache.flush();
  const reopened = await CropCache.open(root, limits, logger);
  t.deepEqual(await reopened.read(key), Buffer.from("kept crop"));
});
