import { mkdir } from "node:fs/promises";
import { openAnnotationStorage } from "../../../services/annotation/annotation-domain.js";
import { BoxContextRepository } from "../../../services/annotation/boxes/repositories/box-context.repository.js";
import {
  type BoxFilter,
  BoxQueryRepository,
  type BoxRow,
} from "../../../services/annotation/boxes/repositories/box-query.repository.js";
import { kbSchema } from "../../../services/kb/kb.module.js";
import { createPhylogenyService } from "../../../services/kb/phylogeny/phylogeny-part.js";
import type { DatabaseTarget } from "../../../services/kit/storage/database-url.js";
import { type DomainStorage, openDomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { createRegistryServices, openRegistryStorage } from "../../../services/registry/registry-domain.js";
import { CategoryList, conceptAndDescendants } from "./categories.js";
import { CocoWriter } from "./coco-writer.js";
import type {
  BoxWriter,
  ExportedBox,
  ExportedImage,
  ExportFormat,
  ImageMode,
  SkippedBox,
} from "./export-types.js";
import { FathomNetWriter } from "./fathomnet-writer.js";
import { ImageStore, imageFileName } from "./image-store.js";
import { YoloWriter } from "./yolo-writer.js";

export interface ExportOptions {
  format: ExportFormat;
  out: string;
  /** A concept's boxes only (with its descendants when asked). */
  concept?: string;
  descendants?: boolean;
  /** A dive's boxes only (the registry's video sequence name). */
  dive?: string;
  /** Verified boxes only. */
  verified?: boolean;
  images: ImageMode;
  /** Images fetched at once. */
  concurrency: number;
  annotationTarget: DatabaseTarget;
  kbTarget: DatabaseTarget;
  registryTarget: DatabaseTarget;
  onProgress?: (done: number, total: number) => void;
}

export interface ExportSummary {
  format: ExportFormat;
  out: string;
  boxes: number;
  imagesFetched: number;
  categories: number;
  /** How many boxes were left out, and the first hundred with why. */
  skippedCount: number;
  skipped: SkippedBox[];
  seconds: number;
}

const SKIPPED_LISTED = 100;
const NEVER_ABORTED = new AbortController().signal;

function writerOf(format: ExportFormat, out: string): BoxWriter {
  if (format === "coco") return new CocoWriter(out);
  return format === "yolo" ? new YoloWriter(out) : new FathomNetWriter(out);
}

/**
 * Exports the boxes the options pick, in one of the three formats, streamed from the box index
 * a batch at a time: each batch's images fetched (a few at once), its boxes written, the
 * progress told; the categories from the kb at the end.
 */
export async function exportBoxes(options: ExportOptions): Promise<ExportSummary> {
  const started = performance.now();
  const opened: DomainStorage[] = [];
  const open = async (storage: Promise<DomainStorage>) => {
    const it = await storage;
    opened.push(it);
    return it;
  };
  try {
    const annotation = await open(openAnnotationStorage(options.annotationTarget));
    const kb = createPhylogenyService(
      await open(openDomainStorage({ target: options.kbTarget, domain: "kb", ...kbSchema })),
    );
    const concepts =
      options.concept === undefined
        ? undefined
        : options.descendants
          ? await conceptAndDescendants(kb, options.concept)
          : [options.concept];
    const filter: BoxFilter = {
      concepts,
      verified: options.verified ? true : undefined,
      videoReferenceUuids: options.dive === undefined ? undefined : await diveVideos(options),
    };
    await mkdir(options.out, { recursive: true });
    const boxes = new BoxQueryRepository(annotation);
    const contexts = new BoxContextRepository(annotation);
    const total = await boxes.count(filter);
    const categories = new CategoryList(concepts);
    const images = new ImageStore(
      options.out,
      options.images,
      options.concurrency,
      options.format !== "fathomnet",
    );
    const writer = writerOf(options.format, options.out);
    const skipped: SkippedBox[] = [];
    let skippedCount = 0;
    let written = 0;
    let done = 0;
    options.onProgress?.(0, total);
    for await (const batch of boxes.stream(filter, NEVER_ABORTED)) {
      const context =
        options.format === "fathomnet"
          ? await contexts.byObservation(batch.map((box) => box.observationUuid))
          : undefined;
      const imageOf = await images.imagesOf(batch);
      const ready: ExportedBox[] = [];
      for (const box of batch) {
        const boxContext = context?.get(box.observationUuid);
        const image = imageOf.get(box.associationUuid) ?? {
          associationUuid: box.associationUuid,
          reason: "no image",
        };
        const usable =
          "fileName" in image ? image : fathomNetFallback(options.format, box, boxContext?.imageUrls);
        if (usable === undefined) {
          skippedCount++;
          if (skipped.length < SKIPPED_LISTED) skipped.push(image as SkippedBox);
          continue;
        }
        ready.push({
          box,
          image: usable,
          categoryId: categories.idOf(box.concept ?? ""),
          context: boxContext,
        });
      }
      await writer.write(ready);
      written += ready.length;
      done += batch.length;
      options.onProgress?.(done, total);
    }
    const list = await categories.categories(kb);
    await writer.finish(list);
    return {
      format: options.format,
      out: options.out,
      boxes: written,
      imagesFetched: images.fetchedImages,
      categories: list.length,
      skippedCount,
      skipped,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await Promise.all(opened.map((storage) => storage.close()));
  }
}

/** The dive's video references, from the registry. */
async function diveVideos(options: ExportOptions): Promise<string[]> {
  const storage = await openRegistryStorage(options.registryTarget);
  try {
    const media = await createRegistryServices(storage, 0).media.listByVideoSequenceName(
      options.dive as string,
    );
    return media.map((item) => item.videoReferenceUuid);
  } finally {
    await storage.close();
  }
}

/**
 * FathomNet's CSV names an image by URL only: a box whose own image is missing takes its
 * moment's first PNG, as MBARI's script does for every box.
 */
function fathomNetFallback(
  format: ExportFormat,
  box: BoxRow,
  urls: readonly string[] | undefined,
): ExportedImage | undefined {
  if (format !== "fathomnet") return undefined;
  const url = urls?.find((candidate) => candidate.endsWith("png"));
  if (url === undefined) return undefined;
  return {
    fileName: imageFileName(box.imageReferenceUuid ?? box.associationUuid, url),
    url,
    width: 0,
    height: 0,
  };
}
