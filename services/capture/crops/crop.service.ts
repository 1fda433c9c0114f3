import { recordCropLookup } from "../capture-metrics.js";
import { SingleFlight } from "../pool/single-flight.js";
import type { CaptureService } from "../services/capture.service.js";
import type { CropCache } from "./crop-cache.js";
import { type CropKey, cropKey } from "./crop-key.js";
import { type CropInput, type CropOrder, toCropOrder } from "./crop-request.js";
import type { ImageSource } from "./image-source.js";
import { cropToPng } from "./png-crop.js";
import type { VideoRegistry } from "./registered-videos.js";
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
    const data = await this.crops.run(key.digest, () => this.make(order, key, kind));
    return { data, cacheStatus: "MISS" };
  }

  private async make(order: CropOrder, key: CropKey, kind: UrlKind): Promise<Buffer> {
    const video =
      kind === "video" || (kind === "unknown" && (await this.parts.registry.isRegisteredVideo(order.url)));
    const source = video ? await this.frame(order) : await this.image(order.url);
    const data = await cropToPng(source, order.region, order.url);
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
