import test from "ava";
import { AnnotationGenerator } from "../../../tools/m3/datagen/annotation-generator.js";
import { ANNOTATION_TABLES, type SqlRow } from "../../../tools/m3/datagen/datagen-tables.js";

const CONCEPTS = Array.from({ length: 200 }, (_, i) => `concept ${i}`);
const LINKS = [{ linkName: "comment", toConcept: "self", linkValue: "nil" }];
const column = (table: keyof typeof ANNOTATION_TABLES, name: string) =>
  ANNOTATION_TABLES[table].indexOf(name);

function generate(extra: { boundingBoxShare?: number; microseconds?: boolean }) {
  const generator = new AnnotationGenerator({
    annotations: 1000,
    annotationsPerVideo: 250,
    videosPerDive: 2,
    seed: 3,
    concepts: CONCEPTS,
    linkTemplates: LINKS,
    ...extra,
  });
  const rows = {
    imaged_moments: [] as SqlRow[],
    associations: [] as SqlRow[],
    image_references: [] as SqlRow[],
  };
  while (!generator.finished) {
    const chunk = generator.nextChunk(100);
    for (const table of Object.keys(rows) as (keyof typeof rows)[])
      rows[table].push(...chunk.annotation[table]);
  }
  return rows;
}

const fraction = (text: unknown) => String(text).slice(-6);

test("by default times are whole milliseconds and there are no bounding boxes (m3 datagen's data set)", (t) => {
  const rows = generate({});
  const updated = column("imaged_moments", "last_updated_timestamp");
  t.true(rows.imaged_moments.every((row) => fraction(row[updated]).endsWith("000")));
  t.false(rows.associations.some((row) => row[column("associations", "link_name")] === "bounding box"));
});

test("asked for, times carry microseconds and a share of observations get a bounding box on their moment's image", (t) => {
  const rows = generate({ boundingBoxShare: 0.2, microseconds: true });
  for (const name of ["last_updated_timestamp", "recorded_timestamp"]) {
    const index = column("imaged_moments", name);
    t.true(
      rows.imaged_moments.every((row) => !fraction(row[index]).endsWith("000")),
      name,
    );
  }
  const boxes = rows.associations.filter(
    (row) => row[column("associations", "link_name")] === "bounding box",
  );
  t.true(boxes.length > 120 && boxes.length < 280, `${boxes.length} boxes`);
  const images = new Set(rows.image_references.map((row) => row[column("image_references", "uuid")]));
  for (const box of boxes) {
    t.is(box[column("associations", "mime_type")], "application/json");
    const value = JSON.parse(String(box[column("associations", "link_value")])) as Record<string, unknown>;
    t.deepEqual(Object.keys(value).slice(0, 5), ["x", "y", "width", "height", "generator"]);
    if (value.image_reference_uuid !== undefined) t.true(images.has(value.image_reference_uuid as string));
  }
  t.true(
    boxes.some((box) => String(box[column("associations", "link_value")]).includes("image_reference_uuid")),
  );
});
