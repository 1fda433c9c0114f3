import test from "ava";
import { readCaptureSettings } from "../../../services/capture/config.js";

test("defaults: 500 MB cache freeing 20%, cache under the data folder, file URLs off", (t) => {
  const settings = readCaptureSettings({}, "/data", "domain-key");
  t.is(settings.cacheSizeBytes, 500_000_000);
  t.is(settings.cacheFreeFraction, 0.2);
  t.is(settings.cacheRoot, "/data/capture-cache");
  t.deepEqual(settings.fileRoots, []);
  t.is(settings.apiKey, "domain-key");
  t.true(settings.workers >= 2);
  t.is(settings.queueSize, settings.workers * 8);
  t.is(settings.maxWaitMillis, 15_000);
});

test("the spec's CAPTURE_* names win over M3_CAPTURE_* and the legacy BEHOLDER_* ones", (t) => {
  const settings = readCaptureSettings(
    {
      CAPTURE_API_KEY: "capture",
      BEHOLDER_API_KEY: "beholder",
      CAPTURE_CACHE_SIZE: "10",
      BEHOLDER_CACHE_SIZE: "99",
      BEHOLDER_CACHE_FREEPCT: "0.5",
      CAPTURE_FILE_ROOTS: "/videos:/mnt/archive/",
      M3_CAPTURE_THREADS: "3",
    },
    "/data",
    "domain-key",
  );
  t.is(settings.apiKey, "capture");
  t.is(settings.cacheSizeBytes, 10_000_000);
  t.is(settings.cacheFreeFraction, 0.5);
  t.deepEqual(settings.fileRoots, ["/videos", "/mnt/archive"]);
  t.is(settings.workers, 3);
  t.is(readCaptureSettings({ BEHOLDER_API_KEY: "beholder" }, "/data", "domain-key").apiKey, "beholder");
});

test("bad settings fail at start naming the variable", (t) => {
  t.throws(() => readCaptureSettings({ CAPTURE_CACHE_FREEPCT: "0" }, "/d", "k"), {
    message: /CAPTURE_CACHE_FREEPCT/,
  });
  t.throws(() => readCaptureSettings({ CAPTURE_CACHE_FREEPCT: "1.5" }, "/d", "k"), {
    message: /CAPTURE_CACHE_FREEPCT/,
  });
  t.throws(() => readCaptureSettings({ CAPTURE_CACHE_SIZE: "lots" }, "/d", "k"), {
    message: /CAPTURE_CACHE_SIZE/,
  });
  t.throws(() => readCaptureSettings({ CAPTURE_FILE_ROOTS: "videos" }, "/d", "k"), {
    message: /CAPTURE_FILE_ROOTS/,
  });
});

test("crop settings: a cache under the data folder of 500 MB, 100 MB of images in memory, 30 s fetches, a pool of the cores", (t) => {
  const { crops } = readCaptureSettings({}, "/data", "k");
  t.like(crops, {
    cacheRoot: "/data/crop-cache",
    cacheSizeBytes: 500_000_000,
    sourceMemoryBytes: 100_000_000,
    fetchTimeoutMillis: 30_000,
    maxSourceBytes: 200_000_000,
  });
  t.true(crops.workers >= 2);
  t.is(crops.queueSize, crops.workers * 32);
  const set = readCaptureSettings(
    {
      CAPTURE_CROP_CACHE_ROOT: "/crops",
      M3_CAPTURE_CROP_CACHE_SIZE: "7",
      CAPTURE_CROP_SOURCE_MEMORY_SIZE: "0",
    },
    "/data",
    "k",
  ).crops;
  t.is(set.cacheRoot, "/crops");
  t.is(set.cacheSizeBytes, 7_000_000);
  t.is(set.sourceMemoryBytes, 0);
  t.deepEqual(
    (({ workers, queueSize }) => ({ workers, queueSize }))(
      readCaptureSettings({ CAPTURE_CROP_THREADS: "3", CAPTURE_CROP_QUEUE_SIZE: "0" }, "/d", "k").crops,
    ),
    { workers: 3, queueSize: 0 },
  );
  t.throws(() => readCaptureSettings({ CAPTURE_CROP_FETCH_TIMEOUT_MILLIS: "soon" }, "/d", "k"), {
    message: /CAPTURE_CROP_FETCH_TIMEOUT_MILLIS/,
  });
});
