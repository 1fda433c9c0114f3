import { Counter } from "prom-client";
import { metricsRegistry } from "../kit/metrics/metrics-registry.js";
import { SampledGauge } from "../kit/metrics/sampled-gauge.js";
import type { FrameCache } from "./cache/frame-cache.js";
import type { WorkerPool } from "./pool/worker-pool.js";

const cacheRequests = new Counter<"result">({
  name: "m3_capture_cache_requests_total",
  help: "Captures answered from the frame cache (hit) or needing ffmpeg (miss).",
  labelNames: ["result"],
  registers: [metricsRegistry],
});
const rejected = new Counter<"reason">({
  name: "m3_capture_rejected_total",
  help: "Captures turned away with 503: the queue was full, or the capture waited too long.",
  labelNames: ["reason"],
  registers: [metricsRegistry],
});
const cropRequests = new Counter<"result">({
  name: "m3_capture_crop_requests_total",
  help: "Crops (/skimmer/crop) answered from the crop cache (hit) or cut now (miss).",
  labelNames: ["result"],
  registers: [metricsRegistry],
});
// Every series from the start, so rates and increases see the first event and dashboards show 0.
for (const result of ["hit", "miss"]) {
  cacheRequests.inc({ result }, 0);
  cropRequests.inc({ result }, 0);
}
for (const reason of ["full", "waited-too-long"]) rejected.inc({ reason }, 0);

const cacheBytes = new SampledGauge({
  name: "m3_capture_cache_bytes",
  help: "Bytes of frames in the cache.",
});
const cacheFrames = new SampledGauge({ name: "m3_capture_cache_frames", help: "Frames in the cache." });
const workersBusy = new SampledGauge({
  name: "m3_capture_workers_busy",
  help: "ffmpeg runs in progress.",
});
const workers = new SampledGauge({ name: "m3_capture_workers", help: "ffmpeg runs allowed at once." });
const queueWaiting = new SampledGauge({
  name: "m3_capture_queue_waiting",
  help: "Captures waiting for a worker.",
});
const queueCapacity = new SampledGauge({
  name: "m3_capture_queue_capacity",
  help: "Captures that may wait for a worker before new ones get 503.",
});

/** A capture answered from the cache or not. */
export function recordCacheLookup(hit: boolean): void {
  cacheRequests.inc({ result: hit ? "hit" : "miss" });
}

/** A crop answered from the crop cache or not. */
export function recordCropLookup(hit: boolean): void {
  cropRequests.inc({ result: hit ? "hit" : "miss" });
}

const cropCacheBytes = new SampledGauge({
  name: "m3_capture_crop_cache_bytes",
  help: "Bytes of crops in the crop cache.",
});
const cropCacheCrops = new SampledGauge({
  name: "m3_capture_crop_cache_crops",
  help: "Crops in the crop cache.",
});

/** Reports the crop cache's gauges at each scrape; returns the untrack function. */
export function trackCrops(cache: { totalBytes: number; size: number }): () => void {
  const untrack = [
    cropCacheBytes.track(() => [{ labels: {}, value: cache.totalBytes }]),
    cropCacheCrops.track(() => [{ labels: {}, value: cache.size }]),
  ];
  return () => {
    for (const stop of untrack) stop();
  };
}

/** A capture refused because the pool is full or the capture waited too long. */
export function recordCaptureRejected(reason: "full" | "waited-too-long"): void {
  rejected.inc({ reason });
}

/** Reports the cache's and the pool's gauges at each scrape; returns the untrack function. */
export function trackCapture(cache: FrameCache, pool: WorkerPool): () => void {
  const untrack = [
    cacheBytes.track(() => [{ labels: {}, value: cache.totalBytes }]),
    cacheFrames.track(() => [{ labels: {}, value: cache.size }]),
    workersBusy.track(() => [{ labels: {}, value: pool.active }]),
    workers.track(() => [{ labels: {}, value: pool.workers }]),
    queueWaiting.track(() => [{ labels: {}, value: pool.waiting }]),
    queueCapacity.track(() => [{ labels: {}, value: pool.queueSize }]),
  ];
  return () => {
    for (const stop of untrack) stop();
  };
}
