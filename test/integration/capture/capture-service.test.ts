import { copyFile, rm } from "node:fs/promises";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import test from "ava";
import { trackCapture } from "../../../services/capture/capture-metrics.js";
import { WorkerPool } from "../../../services/capture/pool/worker-pool.js";
import type { CaptureInput } from "../../../services/capture/services/capture-request.js";
import { DomainError } from "../../../services/kit/errors/domain-error.js";
import { metricsRegistry, metricsText } from "../../../services/kit/metrics/metrics-registry.js";
import { type CaptureHarness, captureHarness } from "../../support/capture/capture-service-harness.js";
import { imageFormatOf, removeTestVideos, testVideos } from "../../support/capture/test-videos.js";
import { serveVideo } from "../../support/capture/video-http-server.js";

const harnesses: CaptureHarness[] = [];

async function harness(): Promise<CaptureHarness> {
  const { folder } = await testVideos();
  const made = await captureHarness({ fileRoots: [folder] });
  harnesses.push(made);
  return made;
}

test.after.always(async () => {
  await Promise.all(harnesses.map((made) => made.remove()));
  await removeTestVideos();
});

function input(path: string, extra: Partial<CaptureInput> = {}): CaptureInput {
  return {
    videoUrl: pathToFileURL(path).href,
    elapsedTimeMillis: 1000,
    imageType: undefined,
    deinterlace: undefined,
    accurate: undefined,
    nokey: undefined,
    ...extra,
  };
}

test("a capture is stored in the cache and the next one is served from it without ffmpeg", async (t) => {
  const { progressive } = await testVideos();
  const { service, grabber, cache } = await harness();
  const first = await service.capture(input(progressive));
  t.is(first.contentType, "image/jpeg");
  t.is(imageFormatOf(first.data), "jpg");
  const again = await service.capture(input(progressive, { accurate: false }));
  t.deepEqual(again.data, first.data);
  t.is(grabber.runs, 1);
  t.is(cache.size, 1);
});

test("concurrent requests for one frame share one ffmpeg run; different frames run separately", async (t) => {
  const { progressive } = await testVideos();
  const { service, grabber } = await harness();
  const same = await Promise.all(
    [1, 2, 3, 4].map(() => service.capture(input(progressive, { elapsedTimeMillis: 2000 }))),
  );
  t.is(grabber.runs, 1);
  t.true(same.every((image) => image.data.equals(same[0]?.data ?? Buffer.alloc(0))));
  await Promise.all([
    service.capture(input(progressive, { elapsedTimeMillis: 500 })),
    service.capture(input(progressive, { elapsedTimeMillis: 600 })),
    service.capture(input(progressive, { elapsedTimeMillis: 500, imageType: "png" })),
  ]);
  t.is(grabber.runs, 4);
});

test("waiters share the leader's failure, and failures are not cached", async (t) => {
  const { progressive } = await testVideos();
  const { service, grabber, cache } = await harness();
  const late = input(progressive, { elapsedTimeMillis: 60_000 });
  const results = await Promise.allSettled([service.capture(late), service.capture(late)]);
  for (const result of results) {
    t.is(result.status, "rejected");
    const reason = (result as PromiseRejectedResult).reason;
    t.true(reason instanceof DomainError && reason.code === "NOT_FOUND");
  }
  t.is(grabber.runs, 1);
  await t.throwsAsync(service.capture(late), { message: /has no frame at PT1M/ });
  t.is(grabber.runs, 2);
  t.is(cache.size, 0);
});

test("deinterlace on an interlaced video stores a _deinterlaced frame apart from the plain one", async (t) => {
  const { interlaced } = await testVideos();
  const { service, cache, probe } = await harness();
  const key = { elapsedMillis: 1000, imageType: "jpg" as const };
  const videoUrl = pathToFileURL(interlaced).href;
  await service.capture(input(interlaced, { deinterlace: true }));
  t.is(probe.calls, 1);
  t.is(basename(cache.find({ ...key, videoUrl, deinterlaced: true }) ?? ""), "00_00_01.000_deinterlaced.jpg");
  t.is(cache.find({ ...key, videoUrl, deinterlaced: false }), undefined);
  await service.capture(input(interlaced));
  t.truthy(cache.find({ ...key, videoUrl, deinterlaced: false }));
  t.is(cache.size, 2);
});

test("deinterlace on a progressive video captures the plain frame and shares its cache entry", async (t) => {
  const { progressive } = await testVideos();
  const { service, cache, grabber } = await harness();
  await service.capture(input(progressive, { deinterlace: true }));
  await service.capture(input(progressive));
  const videoUrl = pathToFileURL(progressive).href;
  t.truthy(cache.find({ videoUrl, elapsedMillis: 1000, imageType: "jpg", deinterlaced: false }));
  t.is(cache.size, 1);
  t.is(grabber.runs, 1);
});

test("nokey turns deinterlacing off without probing, and no probe runs when deinterlacing is not asked", async (t) => {
  const { interlaced } = await testVideos();
  const { service, cache, probe } = await harness();
  await service.capture(input(interlaced, { deinterlace: true, nokey: true }));
  await service.capture(input(interlaced, { elapsedTimeMillis: 500 }));
  t.is(probe.calls, 0);
  const videoUrl = pathToFileURL(interlaced).href;
  t.truthy(cache.find({ videoUrl, elapsedMillis: 1000, imageType: "jpg", deinterlaced: false }));
});

test("after a restart the cached frames are served from disk without ffmpeg", async (t) => {
  const { progressive } = await testVideos();
  const first = await harness();
  const image = await first.service.capture(input(progressive, { imageType: "png" }));
  const restarted = await first.restart();
  const again = await restarted.service.capture(input(progressive, { imageType: "png" }));
  t.true(again.data.equals(image.data));
  t.is(restarted.grabber.runs, 0);
});

test("a cached frame is answered after its source file is gone: the cache is looked up before the source is read", async (t) => {
  const { progressive, folder } = await testVideos();
  const copy = join(folder, "gone-after-capture.mp4");
  await copyFile(progressive, copy);
  const { service, grabber } = await harness();
  const image = await service.capture(input(copy, { imageType: "png" }));
  await rm(copy);
  const again = await service.capture(input(copy, { imageType: "png" }));
  t.true(again.data.equals(image.data));
  t.is(grabber.runs, 1);
  await t.throwsAsync(service.capture(input(copy, { elapsedTimeMillis: 1500 })), {
    message: /could not be read/,
  });
});

test("a cached frame is answered after its source server stopped answering", async (t) => {
  const { progressive } = await testVideos();
  const server = await serveVideo(progressive);
  const { service, grabber } = await harness();
  const asked = { ...input(progressive), videoUrl: server.videoUrl };
  const image = await service.capture(asked);
  await server.close();
  const again = await service.capture(asked);
  t.true(again.data.equals(image.data));
  t.is(grabber.runs, 1);
});

/** The value of a counter's series in the shared registry (0 when absent). */
async function counterValue(name: string, labels: Record<string, string>): Promise<number> {
  const { values } = (await metricsRegistry.getSingleMetric(name)?.get()) ?? { values: [] };
  const found = values.find((value) => Object.entries(labels).every(([key, v]) => value.labels[key] === v));
  return found?.value ?? 0;
}

test.serial(
  "cache hits and misses are counted, and the cache and pool are reported while tracked",
  async (t) => {
    const { progressive } = await testVideos();
    const { service, cache } = await harness();
    const [hits, misses] = await Promise.all([
      counterValue("m3_capture_cache_requests_total", { result: "hit" }),
      counterValue("m3_capture_cache_requests_total", { result: "miss" }),
    ]);
    await service.capture(input(progressive, { elapsedTimeMillis: 1500 }));
    await service.capture(input(progressive, { elapsedTimeMillis: 1500 }));
    t.is(await counterValue("m3_capture_cache_requests_total", { result: "miss" }), misses + 1);
    t.is(await counterValue("m3_capture_cache_requests_total", { result: "hit" }), hits + 1);
    const untrack = trackCapture(cache, new WorkerPool({ workers: 3, queueSize: 24, maxWaitMillis: 0 }));
    const text = await metricsText();
    untrack();
    t.regex(text, /^m3_capture_cache_frames 1$/m);
    t.regex(text, new RegExp(`^m3_capture_cache_bytes ${cache.totalBytes}$`, "m"));
    t.regex(text, /^m3_capture_workers 3$/m);
    t.regex(text, /^m3_capture_queue_capacity 24$/m);
    t.regex(text, /^m3_capture_queue_waiting 0$/m);
    t.regex(await metricsText(), /^m3_capture_workers 0$/m);
  },
);
