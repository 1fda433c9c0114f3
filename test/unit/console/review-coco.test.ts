import test from "ava";
import { cocoOf } from "../../../gateway/console/src/review/coco-model.js";
import { namesConcept } from "../../../gateway/console/src/review/concept-name.js";
import { cropPathOf } from "../../../gateway/console/src/review/crop-url.js";
import type { ReviewBox as Box } from "../../../gateway/console/src/review/review-box.js";
import { boxQueryOf, filtersOf, queryOf } from "../../../gateway/console/src/review/review-filters.js";

function box(uuid: string, concept: string, image: string, extra: Partial<Box> = {}): Box {
  return {
    association_uuid: uuid,
    concept,
    x: 10.5,
    y: 20,
    width: 30,
    height: 40,
    image_reference_uuid: image,
    image_url: `http://images.example/${image}.JPG?size=full`,
    image_width_pixels: 384,
    image_height_pixels: 216,
    ...extra,
  };
}

test("COCO of the boxes: one image per image reference, categories from 1 in the order met with their kb parent", (t) => {
  const coco = cocoOf(
    [
      box("a", "Aegina", "i1"),
      box("b", "Nanomia", "i1"),
      box("c", "Aegina", "i2"),
      box("d", "Aegina", "i3", { image_width_pixels: undefined }),
    ],
    new Map([["Aegina", "Aeginidae"]]),
    new Date("2026-01-02T03:04:05Z"),
  );
  t.deepEqual(coco.categories, [
    { id: 1, name: "Aegina", supercategory: "Aeginidae" },
    { id: 2, name: "Nanomia", supercategory: "" },
  ]);
  t.deepEqual(coco.images, [
    {
      id: 1,
      file_name: "i1.jpg",
      width: 384,
      height: 216,
      coco_url: "http://images.example/i1.JPG?size=full",
    },
    {
      id: 2,
      file_name: "i2.jpg",
      width: 384,
      height: 216,
      coco_url: "http://images.example/i2.JPG?size=full",
    },
  ]);
  t.deepEqual(
    coco.annotations.map(({ id, image_id, category_id, m3_association_uuid }) => [
      id,
      image_id,
      category_id,
      m3_association_uuid,
    ]),
    [
      [1, 1, 1, "a"],
      [2, 1, 2, "b"],
      [3, 2, 1, "c"],
    ],
    "a box whose image has no size is left out",
  );
  t.deepEqual(coco.annotations[0]?.bbox, [10.5, 20, 30, 40]);
  t.is(coco.annotations[0]?.area, 1200);
  t.is(coco.annotations[0]?.iscrowd, 0);
  t.is(coco.info.date_created, "2026-01-02T03:04:05.000Z");
});

test("a crop covers the box in whole pixels inside its image; no URL or an empty region, no crop", (t) => {
  const path = cropPathOf(box("a", "Aegina", "i1", { x: 370.2, y: 0.7, width: 20, height: 10.1 }));
  const query = new URLSearchParams((path ?? "").split("?")[1]);
  t.true(path?.startsWith("/skimmer/crop?"));
  t.deepEqual(
    ["url", "left", "top", "right", "bottom"].map((key) => query.get(key)),
    ["http://images.example/i1.JPG?size=full", "370", "0", "384", "11"],
  );
  t.is(cropPathOf(box("a", "Aegina", "i1", { image_url: undefined })), undefined);
  t.is(cropPathOf(box("a", "Aegina", "i1", { x: 384 })), undefined);
});

test("the review's filters go to the URL without empty fields and back, and to the box route's query", (t) => {
  const filters = filtersOf({ concept: " Aegina ", descendants: "true", verified: "maybe", dive: "" });
  t.deepEqual(filters, { concept: "Aegina", descendants: true, dive: "", verified: "", generator: "" });
  t.deepEqual(queryOf(filters), { concept: "Aegina", descendants: "true" });
  t.deepEqual(boxQueryOf({ ...filters, verified: "false", generator: "g" }), {
    concept: ["Aegina"],
    descendants: true,
    verified: false,
    generator: "g",
    limit: 10_000,
  });
  t.deepEqual(queryOf(filtersOf(queryOf({ ...filters, dive: "D 1", verified: "true" }))), {
    concept: "Aegina",
    descendants: "true",
    dive: "D 1",
    verified: "true",
  });
});

test("a relabel takes a concept only by one of its names, in any case, never by a part of one", (t) => {
  const aegina = { name: "Aegina", alternates: ["Aegina citrea"] };
  t.true(namesConcept(" aegina ", aegina));
  t.true(namesConcept("AEGINA CITREA", aegina));
  t.false(namesConcept("Aeg", aegina));
  t.false(namesConcept("Aegina", undefined));
});

test("a box whose image has no URL is cut from its video's frame at the moment's time", (t) => {
  const onVideo = box("a", "Aegina", "i1", {
    image_url: undefined,
    image_width_pixels: undefined,
    image_height_pixels: undefined,
    elapsed_time_millis: 6400,
  });
  const query = new URLSearchParams((cropPathOf(onVideo, "file:///videos/clip.mp4") ?? "").split("?")[1]);
  t.deepEqual(
    ["url", "left", "top", "right", "bottom", "ms"].map((key) => query.get(key)),
    ["file:///videos/clip.mp4", "10", "20", "41", "60", "6400"],
  );
  t.is(cropPathOf(onVideo), undefined, "without the video's URI");
  t.is(cropPathOf({ ...onVideo, elapsed_time_millis: undefined }, "file:///videos/clip.mp4"), undefined);
  t.false(cropPathOf(box("b", "Aegina", "i1"), "file:///videos/clip.mp4")?.includes("ms=") ?? true);
});
