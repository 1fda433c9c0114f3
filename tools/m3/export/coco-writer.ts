import { rm } from "node:fs/promises";
import { join } from "node:path";
import { M3_VERSION } from "../../../services/kit/version.js";
import type { BoxWriter, Category, ExportedBox } from "./export-types.js";
import { TextSink } from "./text-sink.js";

/** The COCO file's name in the export folder. */
export const COCO_FILE = "annotations.json";

/**
 * COCO object detection (cocodataset.org/#format-data): `images`, `annotations` (bbox
 * [x, y, width, height] in pixels from the top left, area, iscrowd 0) and `categories`. The
 * images and annotations go to two part files as the boxes stream by, and are joined into one
 * document at the end: memory holds a batch, and the image ids seen so far.
 */
export class CocoWriter implements BoxWriter {
  private readonly images: TextSink;
  private readonly annotations: TextSink;
  private readonly imageIds = new Map<string, number>();
  private annotationCount = 0;

  constructor(private readonly folder: string) {
    this.images = new TextSink(join(folder, ".images.part"));
    this.annotations = new TextSink(join(folder, ".annotations.part"));
  }

  async write(boxes: readonly ExportedBox[]): Promise<void> {
    for (const { box, image, categoryId } of boxes) {
      let imageId = this.imageIds.get(image.fileName);
      if (imageId === undefined) {
        imageId = this.imageIds.size + 1;
        this.imageIds.set(image.fileName, imageId);
        const entry = {
          id: imageId,
          file_name: image.fileName,
          width: image.width,
          height: image.height,
          coco_url: image.url,
        };
        await this.images.write(`${imageId > 1 ? "," : ""}${JSON.stringify(entry)}`);
      }
      this.annotationCount++;
      const annotation = {
        id: this.annotationCount,
        image_id: imageId,
        category_id: categoryId,
        bbox: [box.x, box.y, box.width, box.height],
        area: box.width * box.height,
        iscrowd: 0,
        m3_association_uuid: box.associationUuid,
      };
      await this.annotations.write(`${this.annotationCount > 1 ? "," : ""}${JSON.stringify(annotation)}`);
    }
  }

  async finish(categories: readonly Category[]): Promise<void> {
    await Promise.all([this.images.close(), this.annotations.close()]);
    const out = new TextSink(join(this.folder, COCO_FILE));
    const info = {
      description: "bounding boxes exported by m3",
      version: M3_VERSION,
      date_created: new Date().toISOString(),
    };
    await out.write(`{"info":${JSON.stringify(info)},"licenses":[],"images":[`);
    await out.append(this.images.path);
    await out.write('],"annotations":[');
    await out.append(this.annotations.path);
    await out.write(`],"categories":${JSON.stringify(categories)}}\n`);
    await out.close();
    await Promise.all([rm(this.images.path), rm(this.annotations.path)]);
  }
}
