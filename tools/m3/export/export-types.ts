import type { BoxContext } from "../../../services/annotation/boxes/repositories/box-context.repository.js";
import type { BoxRow } from "../../../services/annotation/boxes/repositories/box-query.repository.js";

export const EXPORT_FORMATS = ["coco", "yolo", "fathomnet"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What is written of the images: each whole image, each box's crop, or nothing (annotation files only). */
export const IMAGE_MODES = ["full", "crops", "none"] as const;
export type ImageMode = (typeof IMAGE_MODES)[number];

/** The image a box is drawn on, as the export names and sizes it. */
export interface ExportedImage {
  /** The file name under images/ (the image reference's UUID and the URL's extension). */
  fileName: string;
  url: string;
  width: number;
  height: number;
}

/** A box ready to write: its row, its image, its category and (FathomNet) its context. */
export interface ExportedBox {
  box: BoxRow;
  image: ExportedImage;
  categoryId: number;
  context?: BoxContext;
}

/** A category as COCO names one (ids from 1; YOLO's class is the id less one). */
export interface Category {
  id: number;
  name: string;
  supercategory: string;
}

/** One format's files: boxes are written a batch at a time, the categories once at the end. */
export interface BoxWriter {
  write(boxes: readonly ExportedBox[]): Promise<void>;
  finish(categories: readonly Category[]): Promise<void>;
}

/** A box left out of the export, and why. */
export interface SkippedBox {
  associationUuid: string;
  reason: string;
  url?: string;
}
