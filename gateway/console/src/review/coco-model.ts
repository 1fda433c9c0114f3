import type { ReviewBox } from "./review-box.js";

/**
 * COCO object detection (cocodataset.org/#format-data) of the boxes the grid shows, as
 * `m3 export coco` writes it (tools/m3/export/coco-writer.ts): images by image reference, with
 * their URL as `coco_url`; bbox [x, y, width, height] in pixels from the top left; categories
 * numbered from 1 in the order their concepts are met, the kb parent as `supercategory`.
 */
export interface CocoDocument {
  info: { description: string; date_created: string };
  licenses: [];
  images: { id: number; file_name: string; width: number; height: number; coco_url: string }[];
  annotations: {
    id: number;
    image_id: number;
    category_id: number;
    bbox: [number, number, number, number];
    area: number;
    iscrowd: 0;
    m3_association_uuid: string;
  }[];
  categories: { id: number; name: string; supercategory: string }[];
}

/** The image size COCO needs comes from the image reference; a box without it cannot be written. */
export const isExportable = (box: ReviewBox): boolean =>
  Boolean(
    box.image_url &&
      box.image_reference_uuid &&
      box.image_width_pixels &&
      box.image_height_pixels &&
      box.concept,
  );

/** The concepts of the boxes, in the order they are met: the categories' order. */
export function conceptsOf(boxes: readonly ReviewBox[]): string[] {
  return [...new Set(boxes.filter(isExportable).map((box) => box.concept ?? ""))];
}

/** The image's file name as `m3 export` names it: its reference UUID and its URL's extension. */
function fileNameOf(box: ReviewBox): string {
  const path = new URL(box.image_url ?? "", "http://any").pathname;
  const extension = /\.[A-Za-z0-9]+$/.exec(path)?.[0] ?? "";
  return `${box.image_reference_uuid}${extension.toLowerCase()}`;
}

/** The document of `boxes`, each concept's parent in `parents` (none: an empty supercategory). */
export function cocoOf(
  boxes: readonly ReviewBox[],
  parents: ReadonlyMap<string, string | undefined>,
  now = new Date(),
): CocoDocument {
  const categories = conceptsOf(boxes).map((name, index) => ({
    id: index + 1,
    name,
    supercategory: parents.get(name) ?? "",
  }));
  const categoryIds = new Map(categories.map((category) => [category.name, category.id]));
  const imageIds = new Map<string, number>();
  const document: CocoDocument = {
    info: { description: "bounding boxes exported by the m3 console", date_created: now.toISOString() },
    licenses: [],
    images: [],
    annotations: [],
    categories,
  };
  for (const box of boxes.filter(isExportable)) {
    const imageKey = box.image_reference_uuid ?? "";
    let imageId = imageIds.get(imageKey);
    if (imageId === undefined) {
      imageId = imageIds.size + 1;
      imageIds.set(imageKey, imageId);
      document.images.push({
        id: imageId,
        file_name: fileNameOf(box),
        width: box.image_width_pixels ?? 0,
        height: box.image_height_pixels ?? 0,
        coco_url: box.image_url ?? "",
      });
    }
    document.annotations.push({
      id: document.annotations.length + 1,
      image_id: imageId,
      category_id: categoryIds.get(box.concept ?? "") ?? 0,
      bbox: [box.x, box.y, box.width, box.height],
      area: box.width * box.height,
      iscrowd: 0,
      m3_association_uuid: box.association_uuid,
    });
  }
  return document;
}
