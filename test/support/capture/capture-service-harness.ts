/**
 * A CaptureService over real ffmpeg and a temporary cache, with its ffmpeg runs and
 * ffprobe calls counted (the parts are the real ones, wrapped).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { FrameCache } from "../../../services/capture/cache/frame-cache.js";
import { FrameGrabber, type GrabOutcome } from "../../../services/capture/ffmpeg/frame-grabber.js";
import { type VideoFacts, VideoProbe } from "../../../services/capture/ffmpeg/video-probe.js";
import { WorkerPool, type WorkerPoolOptions } from "../../../services/capture/pool/worker-pool.js";
import { CaptureService } from "../../../services/capture/services/capture.service.js";
import { VideoSourceResolver } from "../../../services/capture/services/video-source.js";

class CountingGrabber extends FrameGrabber {
  runs = 0;
  override grab(command: Parameters<FrameGrabber["grab"]>[0]): Promise<GrabOutcome> {
    this.runs += 1;
    return super.grab(command);
  }
}

class CountingProbe extends VideoProbe {
  calls = 0;
  override facts(input: string, protocols: readonly string[]): Promise<VideoFacts> {
    this.calls += 1;
    return super.facts(input, protocols);
  }
}

export interface CaptureHarness {
  service: CaptureService;
  cache: FrameCache;
  grabber: CountingGrabber;
  probe: CountingProbe;
  cacheRoot: string;
  /** A new service over the same cache folder, as after a restart. */
  restart(): Promise<CaptureHarness>;
  remove(): Promise<void>;
}

export async function captureHarness(options: {
  fileRoots: readonly string[];
  pool?: WorkerPoolOptions;
  cacheRoot?: string;
}): Promise<CaptureHarness> {
  const logger = pino({ level: "silent" });
  const cacheRoot = options.cacheRoot ?? (await mkdtemp(join(tmpdir(), "m3-capture-service-")));
  const cache = await FrameCache.open(cacheRoot, { maxBytes: 1e8, freeFraction: 0.2 }, logger);
  const grabber = new CountingGrabber({ ffmpegPath: "ffmpeg", timeoutMillis: 30_000 });
  const probe = new CountingProbe({
    ffprobePath: "ffprobe",
    timeoutMillis: 30_000,
    maxEntries: 10,
    ttlMillis: 60_000,
  });
  const service = new CaptureService({
    sources: new VideoSourceResolver(options.fileRoots),
    cache,
    pool: new WorkerPool(options.pool ?? { workers: 2, queueSize: 16, maxWaitMillis: 0 }),
    grabber,
    probe,
    logger,
  });
  return {
    service,
    cache,
    grabber,
    probe,
    cacheRoot,
    restart: () => captureHarness({ ...options, cacheRoot }),
    remove: () => rm(cacheRoot, { recursive: true, force: true }),
  };
}
