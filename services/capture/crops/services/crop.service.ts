import { randomInt } from "node:crypto";
import { DomainError } from "../../../kit/errors/domain-error.js";
import { recordCropLookup } from "../../capture-metrics.js";
import { SingleFlight } from "../../pool/single-flight.js";
import { PoolRejectedError, type WorkerPool } from "../../pool/worker-pool.js";
import type { CaptureService } from "../../services/capture.service.js";
import type { CropCache } from "../cache/crop-cache.js";
import { type CropKey, cropKey } from "../cache/crop-key.js";
import type { ImageSource } from "../sources/image-source.js";
import type { VideoRegistry } from "../sources/registered-videos.js";
import { type CropInput, type CropOrder, toCropOrder } from "./crop-request.js";
import { cropToPng } from "./png-crop.js";
import type { SourceMemo } from "./source-memo.js";
import { type UrlKind, urlKindByExtension } from "./video-urls.js";

/** A cropped region, and whether it came from the crop cache. */
export interface CroppedRegion {
  data: Buffer;
  cacheStatus: "HIT" | "MISS";
}

export interface CropServiceParts {
  cache: CropCache;
  images: ImageSource;
  memo: SourceMemo;
  /** Video frames, through capture's own frame cache and worker pool. */
  frames: CaptureService;
  /** Says whether a URL without a telling extension is a registered video. */
  registry: VideoRegistry;
  /** Bounds the crops read and cut at once; beyond its queue, 503 with Retry-After. */
  pool: WorkerPool;
}

/**
 * skimmer's flow: a cached crop is answered at once; otherwise the source is read (a video's
 * frame at `ms` through frame capture, any other URL as an image; a video is known by its URL's
 * extension, or, with none telling, by the registry's record of it), the region is cut out as a
 * PNG and cached. Concurrent requests for one crop, or for crops of one image, share the work.
 */
export class CropService {
  private readonly crops = new SingleFlight<Buffer>();
  private readonly sources = new SingleFlight<Buffer>();

  constructor(private readonly parts: CropServiceParts) {}

  async crop(input: CropInput): Promise<CroppedRegion> {
    const order = toCropOrder(input);
    const kind = urlKindByExtension(order.url);
    // An image has no time: its crops are one entry whatever ms says.
    const key = cropKey(order.url, kind === "image" ? 0 : order.elapsedMillis, order.region);
    const cached = await this.parts.cache.read(key);
    recordCropLookup(cached !== undefined);
    if (cached) return { data: cached, cacheStatus: "HIT" };
    try {
      const data = await this.crops.run(key.digest, () => this.make(order, key, kind));
      return { data, cacheStatus: "MISS" };
    } catch (error) {
      if (error instanceof PoolRejectedError) throw capacityError(error);
      throw error;
    }
  }

  private async make(order: CropOrder, key: CropKey, kind: UrlKind): Promise<Buffer> {
    const video =
      kind === "video" || (kind === "unknown" && (await this.parts.registry.isRegisteredVideo(order.url)));
    // A frame waits in capture's own pool; an image is fetched and cut in the crops'.
    const frame = video ? await this.frame(order) : undefined;
    const data = await this.parts.pool.run(async () =>
      cropToPng(frame ?? (await this.image(order.url)), order.region, order.url),
    );
    this.parts.cache.keep(key, data);
    return data;
  }

  private async frame(order: CropOrder): Promise<Buffer> {
    const frame = await this.parts.frames.capture({
      videoUrl: order.url,
      elapsedTimeMillis: order.elapsedMillis,
      imageType: "jpg",
      deinterlace: undefined,
      accurate: undefined,
      nokey: undefined,
    });
    return frame.data;
  }

  private async image(url: string): Promise<Buffer> {
    const kept = this.parts.memo.get(url);
    if (kept) return kept;
    return this.sources.run(url, async () => {
      const image = await this.parts.images.read(url);
      this.parts.memo.set(url, image);
      return image;
    });
  }
}

/** 503 with a Retry-After of 2 to 8 seconds, spread so that turned-away clients do not return together. */
function capacityError(error: PoolRejectedError): DomainError {
  const why = error.why === "full" ? "" : " Your request waited too long to start.";
  return new DomainError(
    "RESOURCE_EXHAUSTED",
    "CROP_CAPACITY",
    `The server is at crop capacity.${why} Please retry shortly.`,
    { "http-header-retry-after": String(randomInt(2, 9)) },
  );
}
