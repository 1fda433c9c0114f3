import { mkdir, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import sharp from "sharp";
import type { BoxRow } from "../../../services/annotation/boxes/repositories/box-query.repository.js";
import type { ExportedImage, ImageMode, SkippedBox } from "./export-types.js";

const FETCH_TIMEOUT_MILLIS = 30_000;
const IMAGE_EXTENSIONS = new Set([".png", ".jpg", ".jpeg", ".tif", ".tiff", ".bmp", ".webp"]);

/** The file name an image is exported under: its reference's UUID and its URL's extension (.png when none). */
export function imageFileName(imageReferenceUuid: string, url: string): string {
  let extension = ".png";
  try {
    const candidate = extname(new URL(url).pathname).toLowerCase();
    if (IMAGE_EXTENSIONS.has(candidate)) extension = candidate;
  } catch {
    // A URL that does not parse keeps the default; fetching it will fail and report it.
  }
  return `${imageReferenceUuid}${extension}`;
}

/** Runs `work` over the items, at most `limit` at a time. */
async function eachBounded<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++] as T);
  });
  await Promise.all(lanes);
}

type Fetched = { bytes: Buffer; width: number; height: number } | { failure: string };

/**
 * The images of the boxes: fetched over HTTP (a few at a time) once each, saved whole under
 * images/ or cut into each box's crop under crops/<concept>/, or (mode none) only named and
 * sized from the image reference. An image that cannot be fetched or read is reported through
 * its boxes and left out; it is not fetched again.
 */
export class ImageStore {
  private readonly known = new Map<string, ExportedImage | { failure: string }>();
  fetchedImages = 0;

  constructor(
    private readonly folder: string,
    private readonly mode: ImageMode,
    private readonly concurrency: number,
    /** Whether a box needs its image's size (COCO, YOLO); FathomNet's CSV names the URL only. */
    private readonly sizeRequired = true,
  ) {}

  /** Each box's image (by association UUID), or why it has none. */
  async imagesOf(boxes: readonly BoxRow[]): Promise<Map<string, ExportedImage | SkippedBox>> {
    const fresh = new Map<string, BoxRow>();
    for (const box of boxes) {
      const key = box.imageReferenceUuid;
      if (!key || !box.imageUrl || fresh.has(key)) continue;
      const known = this.known.get(key);
      // Crops need the bytes again in a later batch; a failed image is never fetched twice.
      if (known === undefined || (this.mode === "crops" && !("failure" in known))) fresh.set(key, box);
    }
    const bytes = new Map<string, Buffer>();
    if (this.mode !== "none") {
      await mkdir(join(this.folder, this.mode === "full" ? "images" : "crops"), { recursive: true });
    }
    await eachBounded([...fresh.values()], this.concurrency, async (box) => {
      const key = box.imageReferenceUuid as string;
      const url = box.imageUrl as string;
      const fileName = imageFileName(key, url);
      if (this.mode === "none") {
        const { imageWidthPixels: width, imageHeightPixels: height } = box;
        const sized = width && height ? { fileName, url, width, height } : undefined;
        this.known.set(
          key,
          sized ??
            (this.sizeRequired ? { failure: "image size unknown" } : { fileName, url, width: 0, height: 0 }),
        );
        return;
      }
      const fetched = await fetchImage(url);
      if ("failure" in fetched) {
        this.known.set(key, fetched);
        return;
      }
      this.fetchedImages++;
      if (this.mode === "full") await writeFile(join(this.folder, "images", fileName), fetched.bytes);
      else bytes.set(key, fetched.bytes);
      this.known.set(key, { fileName, url, width: fetched.width, height: fetched.height });
    });
    const images = new Map<string, ExportedImage | SkippedBox>();
    for (const box of boxes) {
      const known = box.imageReferenceUuid ? this.known.get(box.imageReferenceUuid) : undefined;
      if (known === undefined) {
        images.set(box.associationUuid, {
          associationUuid: box.associationUuid,
          reason: "the box names no image",
        });
      } else if ("failure" in known) {
        images.set(box.associationUuid, {
          associationUuid: box.associationUuid,
          reason: known.failure,
          url: box.imageUrl ?? undefined,
        });
      } else images.set(box.associationUuid, known);
    }
    if (this.mode === "crops") await this.writeCrops(boxes, bytes);
    return images;
  }

  private async writeCrops(boxes: readonly BoxRow[], bytes: ReadonlyMap<string, Buffer>): Promise<void> {
    for (const box of boxes) {
      const image = box.imageReferenceUuid ? bytes.get(box.imageReferenceUuid) : undefined;
      const known = box.imageReferenceUuid ? this.known.get(box.imageReferenceUuid) : undefined;
      if (!image || !known || "failure" in known) continue;
      const left = Math.max(0, Math.round(box.x));
      const top = Math.max(0, Math.round(box.y));
      const width = Math.min(known.width - left, Math.round(box.width));
      const height = Math.min(known.height - top, Math.round(box.height));
      if (width < 1 || height < 1) continue;
      const folder = join(this.folder, "crops", (box.concept ?? "unknown").replace(/[\\/]/g, "_"));
      await mkdir(folder, { recursive: true });
      await sharp(image)
        .extract({ left, top, width, height })
        .png()
        .toFile(join(folder, `${box.associationUuid}.png`));
    }
  }
}

async function fetchImage(url: string): Promise<Fetched> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MILLIS) });
    if (!response.ok) return { failure: `HTTP ${response.status} fetching the image` };
    const bytes = Buffer.from(await response.arrayBuffer());
    const { width, height } = await sharp(bytes).metadata();
    if (!width || !height) return { failure: "not an image" };
    return { bytes, width, height };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { failure: `the image could not be fetched or read (${reason})` };
  }
}
