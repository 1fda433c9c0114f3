import { randomInt } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Logger } from "pino";
import { DomainError } from "../../kit/errors/domain-error.js";
import type { FrameCache } from "../cache/frame-cache.js";
import { type FrameKey, type ImageType, keyText } from "../cache/frame-key.js";
import { recordCacheLookup, recordCaptureRejected } from "../capture-metrics.js";
import type { FrameGrabber } from "../ffmpeg/frame-grabber.js";
import type { VideoFacts, VideoProbe } from "../ffmpeg/video-probe.js";
import { SingleFlight } from "../pool/single-flight.js";
import { PoolRejectedError, type WorkerPool } from "../pool/worker-pool.js";
import { type CaptureInput, type CaptureOrder, isoDuration, toCaptureOrder } from "./capture-request.js";
import type { VideoSource, VideoSourceResolver } from "./video-source.js";

export interface CapturedImage {
  contentType: string;
  data: Buffer;
}

export interface CaptureServiceParts {
  sources: VideoSourceResolver;
  cache: FrameCache;
  pool: WorkerPool;
  grabber: FrameGrabber;
  probe: VideoProbe;
  logger: Logger;
}

const CONTENT_TYPES: Record<ImageType, string> = { jpg: "image/jpeg", png: "image/png" };

/**
 * The legacy beholder's flow: a cached frame is answered at once; otherwise the capture
 * waits for a worker, probes the video only when deinterlacing or a fast seek was asked for,
 * and runs ffmpeg once however many callers want the same frame at the same moment.
 */
export class CaptureService {
  private readonly requested = new SingleFlight<CapturedImage>();
  private readonly produced = new SingleFlight<CapturedImage>();

  constructor(private readonly parts: CaptureServiceParts) {}

  async capture(input: CaptureInput): Promise<CapturedImage> {
    const order = toCaptureOrder(input);
    const named: FrameKey = {
      videoUrl: this.parts.sources.identify(order.videoUrl),
      elapsedMillis: order.elapsedMillis,
      imageType: order.imageType,
      deinterlaced: order.deinterlace,
    };
    // The spec's rule: a cached frame is answered whether or not its source can still be read.
    const cachedByName = await this.readCached(named);
    recordCacheLookup(cachedByName !== undefined);
    if (cachedByName) return cachedByName;
    const source = await this.parts.sources.resolve(order.videoUrl);
    // A file URL through a symlink is cached under its real path.
    const asked = { ...named, videoUrl: source.url };
    if (asked.videoUrl !== named.videoUrl) {
      const cached = await this.readCached(asked);
      if (cached) return cached;
    }
    try {
      return await this.requested.run(keyText(asked), () =>
        this.parts.pool.run(() => this.produce(asked, source, order)),
      );
    } catch (error) {
      if (error instanceof PoolRejectedError) {
        recordCaptureRejected(error.why);
        throw capacityError(error);
      }
      throw error;
    }
  }

  private async produce(asked: FrameKey, source: VideoSource, order: CaptureOrder): Promise<CapturedImage> {
    const facts = await this.factsFor(source, order);
    if (!order.accurate && isPastTheEnd(order.elapsedMillis, facts)) {
      throw noFrame(order.videoUrl, order.elapsedMillis);
    }
    const deinterlaced = asked.deinterlaced && facts.interlaced;
    const key = { ...asked, deinterlaced };
    if (deinterlaced !== asked.deinterlaced) {
      const cached = await this.readCached(key);
      if (cached) return cached;
    }
    return this.produced.run(keyText(key), () => this.captureFresh(key, source, order));
  }

  private async captureFresh(
    key: FrameKey,
    source: VideoSource,
    order: CaptureOrder,
  ): Promise<CapturedImage> {
    const target = await this.parts.cache.targetFor(key);
    const outcome = await this.parts.grabber.grab({
      input: source.input,
      protocols: source.protocols,
      elapsedMillis: key.elapsedMillis,
      imageType: key.imageType,
      accurate: order.accurate,
      nokey: order.nokey,
      deinterlace: key.deinterlaced,
      target,
    });
    const at = isoDuration(key.elapsedMillis);
    switch (outcome.kind) {
      case "unreadable":
        this.parts.logger.info(
          { videoUrl: order.videoUrl, detail: outcome.detail },
          "video could not be read",
        );
        throw DomainError.notFound(`${order.videoUrl} could not be read`, { field: "videoUrl" });
      case "no-frame":
        throw noFrame(order.videoUrl, key.elapsedMillis);
      case "failed":
        this.parts.logger.warn({ videoUrl: order.videoUrl, at, detail: outcome.detail }, "ffmpeg failed");
        throw new DomainError(
          "INTERNAL",
          "CAPTURE_FAILED",
          `Failed to capture frame from ${order.videoUrl} at ${at}`,
        );
    }
    const data = await readFile(target);
    await this.parts.cache.add(key, data.length);
    return { contentType: CONTENT_TYPES[key.imageType], data };
  }

  /**
   * Deinterlacing needs to know whether the video is interlaced; a fast seek needs its length,
   * because it would answer the last key frame for a time past the end.
   */
  private factsFor(source: VideoSource, order: CaptureOrder): Promise<VideoFacts> {
    if (!order.deinterlace && order.accurate) {
      return Promise.resolve({ interlaced: false, durationMillis: undefined });
    }
    return this.parts.probe.facts(source.input, source.protocols);
  }

  /** The cached frame, if its file is still there (eviction may have just taken it). */
  private async readCached(key: FrameKey): Promise<CapturedImage | undefined> {
    const path = this.parts.cache.find(key);
    if (path === undefined) return undefined;
    try {
      return { contentType: CONTENT_TYPES[key.imageType], data: await readFile(path) };
    } catch {
      await this.parts.cache.remove(key);
      return undefined;
    }
  }
}

function isPastTheEnd(elapsedMillis: number, facts: VideoFacts): boolean {
  return facts.durationMillis !== undefined && elapsedMillis >= facts.durationMillis;
}

function noFrame(videoUrl: string, elapsedMillis: number): DomainError {
  return DomainError.notFound(`${videoUrl} has no frame at ${isoDuration(elapsedMillis)}`);
}

/** 503 with a Retry-After of 2 to 8 seconds, spread so that rejected clients do not return together. */
function capacityError(error: PoolRejectedError): DomainError {
  const retryAfter = String(randomInt(2, 9));
  const message =
    error.why === "full"
      ? "The server is at capture capacity. Please retry shortly."
      : "The server is at capture capacity. Your request waited too long to start. Please retry shortly.";
  return new DomainError("RESOURCE_EXHAUSTED", "CAPTURE_CAPACITY", message, {
    "http-header-retry-after": retryAfter,
  });
}
