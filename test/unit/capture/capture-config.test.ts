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
