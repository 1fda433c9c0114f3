import { writeFileSync } from "node:fs";
import Database from "better-sqlite3";

/**
 * The floor of the COCO export: the same rows (the box index joined to the images) read with
 * the bare driver, and the same COCO document built in memory and written with one
 * JSON.stringify. No streaming, no kb, no batches: the least any export of these rows costs.
 */
export function floorCoco(file: string, out: string): number {
  const db = new Database(file, { readonly: true });
  const rows = db
    .prepare(
      `SELECT b.association_uuid, b.concept, b.x, b.y, b.width, b.height, b.image_reference_uuid, ir.url,
              ir.width_pixels, ir.height_pixels
         FROM bounding_boxes b LEFT JOIN image_references ir ON ir.uuid = b.image_reference_uuid
        ORDER BY b.video_reference_uuid, b.elapsed_time_millis, b.association_uuid`,
    )
    .raw()
    .all() as [string, string, number, number, number, number, string, string, number, number][];
  db.close();
  const images = new Map<
    string,
    { id: number; file_name: string; width: number; height: number; coco_url: string }
  >();
  const categories = new Map<string, number>();
  const annotations = rows.map(
    ([uuid, concept, x, y, width, height, image, url, imageWidth, imageHeight], index) => {
      let entry = images.get(image);
      if (!entry) {
        entry = {
          id: images.size + 1,
          file_name: `${image}.png`,
          width: imageWidth,
          height: imageHeight,
          coco_url: url,
        };
        images.set(image, entry);
      }
      let category = categories.get(concept);
      if (category === undefined) {
        category = categories.size + 1;
        categories.set(concept, category);
      }
      return {
        id: index + 1,
        image_id: entry.id,
        category_id: category,
        bbox: [x, y, width, height],
        area: width * height,
        iscrowd: 0,
        m3_association_uuid: uuid,
      };
    },
  );
  const coco = {
    info: { description: "floor" },
    licenses: [],
    images: [...images.values()],
    annotations,
    categories: [...categories].map(([name, id]) => ({ id, name, supercategory: "" })),
  };
  writeFileSync(out, JSON.stringify(coco));
  return annotations.length;
}
