import test from "ava";
import { isUuid } from "../../../services/kit/ids/uuid.js";
import { AnnotationGenerator, timecodeOf } from "../../../tools/m3/datagen/annotation-generator.js";
import {
  ANNOTATION_TABLES,
  emptyChunk,
  REGISTRY_TABLES,
  type RowChunk,
} from "../../../tools/m3/datagen/datagen-tables.js";

const CONCEPTS = Array.from({ length: 500 }, (_, i) => `concept ${i}`);
const LINKS = [
  { linkName: "comment", toConcept: "self", linkValue: "nil" },
  { linkName: "eating", toConcept: "concept 1", linkValue: "nil" },
];

function generateAll(
  annotations: number,
  chunkSize: number,
  seed = 42,
): { generator: AnnotationGenerator; all: RowChunk } {
  const generator = new AnnotationGenerator({
    annotations,
    annotationsPerVideo: 300,
    videosPerDive: 3,
    seed,
    concepts: CONCEPTS,
    linkTemplates: LINKS,
  });
  const all = emptyChunk();
  while (!generator.finished) {
    const chunk = generator.nextChunk(chunkSize);
    for (const table of Object.keys(ANNOTATION_TABLES) as (keyof typeof ANNOTATION_TABLES)[]) {
      all.annotation[table].push(...chunk.annotation[table]);
    }
    for (const table of Object.keys(REGISTRY_TABLES) as (keyof typeof REGISTRY_TABLES)[]) {
      all.registry[table].push(...chunk.registry[table]);
    }
    all.annotations += chunk.annotations;
  }
  return { generator, all };
}

test("it generates exactly the annotations asked for, over videos of the given size in dives", (t) => {
  const { all } = generateAll(2000, 500);
  t.is(all.annotations, 2000);
  t.is(all.annotation.observations.length, 2000);
  t.is(all.registry.videos.length, 7);
  t.is(all.registry.video_references.length, 7);
  t.is(all.annotation.video_reference_information.length, 7);
  t.is(all.registry.video_sequences.length, 3);
});

test("every row has its table's columns and every child points to a generated parent", (t) => {
  const { all } = generateAll(1500, 400);
  for (const [table, columns] of Object.entries({ ...ANNOTATION_TABLES, ...REGISTRY_TABLES })) {
    const rows = { ...all.annotation, ...all.registry }[table as keyof typeof ANNOTATION_TABLES] ?? [];
    t.true(rows.length > 0, table);
    t.true(
      rows.every((row) => row.length === columns.length && isUuid(String(row[0]))),
      table,
    );
  }
  const moments = new Set(all.annotation.imaged_moments.map((row) => row[0]));
  const observations = new Set(all.annotation.observations.map((row) => row[0]));
  const references = new Set(all.registry.video_references.map((row) => row[0]));
  t.true(all.annotation.observations.every((row) => moments.has(row[1] as string)));
  t.true(all.annotation.ancillary_data.every((row) => moments.has(row[1] as string)));
  t.true(all.annotation.image_references.every((row) => moments.has(row[1] as string)));
  t.true(all.annotation.associations.every((row) => observations.has(row[1] as string)));
  t.true(all.annotation.imaged_moments.every((row) => references.has(row[1] as string)));
  const urls = all.annotation.image_references.map((row) => row[5]);
  t.is(new Set(urls).size, urls.length);
  t.is(
    new Set(all.annotation.ancillary_data.map((row) => row[1])).size,
    all.annotation.ancillary_data.length,
  );
});

test("moments of a video advance in elapsed time with matching timecodes", (t) => {
  const { all } = generateAll(600, 600);
  const firstVideo = all.annotation.imaged_moments.filter(
    (row) => row[1] === all.annotation.imaged_moments[0]?.[1],
  );
  t.true(firstVideo.length > 100);
  for (let i = 1; i < firstVideo.length; i++) {
    t.true((firstVideo[i]?.[2] as number) > (firstVideo[i - 1]?.[2] as number));
  }
  t.true(firstVideo.every((row) => row[4] === timecodeOf(row[2] as number)));
});

test("no association points to the target concept, so a concept query finds exactly its quota", (t) => {
  const { generator, all } = generateAll(5000, 1000);
  const target = generator.mix.target;
  t.is(target.count, 50);
  t.is(all.annotation.observations.filter((row) => row[3] === target.name).length, 50);
  t.false(all.annotation.associations.some((row) => row[4] === target.name));
});

test("the rows depend on the seed, not on the chunk sizes", (t) => {
  const small = generateAll(1200, 100).all;
  const large = generateAll(1200, 5000).all;
  const other = generateAll(1200, 100, 43).all;
  t.deepEqual(large, small);
  t.notDeepEqual(other.annotation.observations, small.annotation.observations);
});

test("timecodes are HH:MM:SS:FF at 30 frames per second", (t) => {
  t.is(timecodeOf(0), "00:00:00:00");
  t.is(timecodeOf(3_723_500), "01:02:03:15");
});
