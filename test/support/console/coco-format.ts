import type { ExecutionContext } from "ava";

/** A COCO object detection file (cocodataset.org/#format-data) as the review grid's download holds it. */
export interface CocoFile {
  images: { id: number; file_name: string; width: number; height: number; coco_url: string }[];
  annotations: {
    id: number;
    image_id: number;
    category_id: number;
    bbox: number[];
    area: number;
    iscrowd: number;
    m3_association_uuid: string;
  }[];
  categories: { id: number; name: string; supercategory: string }[];
}

/** COCO's object detection format: its fields, unique ids, references that resolve, boxes inside their image. */
export function checkCoco(
  t: ExecutionContext,
  coco: CocoFile,
  stored: readonly { association_uuid: string; concept: string }[],
): void {
  t.is(coco.annotations.length, stored.length);
  t.deepEqual(
    new Set(coco.annotations.map((annotation) => annotation.m3_association_uuid)),
    new Set(stored.map((box) => box.association_uuid)),
  );
  const images = new Map(coco.images.map((image) => [image.id, image]));
  const categories = new Map(coco.categories.map((category) => [category.id, category]));
  t.is(images.size, coco.images.length, "image ids are unique");
  t.is(categories.size, coco.categories.length, "category ids are unique");
  t.is(new Set(coco.annotations.map((annotation) => annotation.id)).size, coco.annotations.length);
  t.deepEqual(
    coco.categories.map(({ name }) => name),
    [...new Set(stored.map((box) => box.concept))],
    "one category per concept, in the order met",
  );
  t.true((coco.categories[0]?.supercategory ?? "") !== "", "the supercategory is the concept's kb parent");
  for (const image of coco.images) {
    t.true(
      Number.isInteger(image.width) && image.width > 0 && Number.isInteger(image.height) && image.height > 0,
    );
    // The image's own URL: the demo's stored frames are files of the upload folder.
    t.true(URL.canParse(image.coco_url), image.coco_url);
    t.regex(image.file_name, /^[0-9a-f-]{36}\.\w+$/);
  }
  for (const annotation of coco.annotations) {
    const image = images.get(annotation.image_id);
    t.truthy(image, `annotation ${annotation.id} names an image`);
    t.truthy(categories.get(annotation.category_id), `annotation ${annotation.id} names a category`);
    const [x = -1, y = -1, width = 0, height = 0] = annotation.bbox;
    t.is(annotation.bbox.length, 4);
    t.true(x >= 0 && y >= 0 && width > 0 && height > 0);
    t.true(
      x + width <= (image?.width ?? 0) && y + height <= (image?.height ?? 0),
      "the box is inside its image",
    );
    t.is(annotation.area, width * height);
    t.is(annotation.iscrowd, 0);
  }
}
