import test from "ava";
import {
  diveAnnotations,
  type ImageReferenceJson,
} from "../../../tools/m3/all-in-one/demo/demo-annotations.js";
import { demoConceptPool, demoConceptSequence } from "../../../tools/m3/all-in-one/demo/demo-concepts.js";
import {
  DEMO_CLIP,
  DEMO_DIVES,
  DEMO_FRAME_MILLIS,
  isClipVideo,
} from "../../../tools/m3/all-in-one/demo/demo-plan.js";
import { waterAt } from "../../../tools/m3/all-in-one/demo/ocean-profile.js";
import { primaryConceptNames } from "../../../tools/m3/datagen/concept-mix.js";
import { SeededRandom } from "../../../tools/m3/datagen/seeded-random.js";
import type { KbDump } from "../../../tools/m3/kb-import/kb-dump.js";
import { DEFAULT_KB_DUMP, readKbDump } from "../../../tools/m3/kb-import/kb-import.js";

let dump: KbDump;
test.before(async () => {
  dump = await readKbDump(DEFAULT_KB_DUMP);
});

const [ventana] = DEMO_DIVES;

function annotationsOfVentana(seedOffset = 0) {
  if (!ventana) throw new Error("no demo dive");
  const available = new Set(primaryConceptNames(dump.concepts));
  const random = new SeededRandom(7 + seedOffset);
  const pool = demoConceptPool(dump, available, 30, random);
  const total = ventana.videos.reduce((sum, video) => sum + video.annotations, 0);
  const concepts = demoConceptSequence(pool, total, random);
  const frames = new Map<number, ImageReferenceJson>(
    DEMO_FRAME_MILLIS.map((millis) => [
      millis,
      {
        url: `file:///f/${millis}.jpg`,
        format: "image/jpeg",
        width_pixels: 1,
        height_pixels: 1,
        description: "",
      },
    ]),
  );
  const referenceUuids = ventana.videos.map((_, index) => `ref-${index}`);
  return { pool, annotations: diveAnnotations({ dive: ventana, referenceUuids, concepts, frames }) };
}

test("the same seeds give the same demo annotations, another seed other ones", (t) => {
  t.deepEqual(annotationsOfVentana().annotations, annotationsOfVentana().annotations);
  t.notDeepEqual(annotationsOfVentana().annotations, annotationsOfVentana(1).annotations);
});

test("a dive's annotations are the planned number, within each video's time, on real animals of the kb", (t) => {
  const { pool, annotations } = annotationsOfVentana();
  if (!ventana) return t.fail();
  t.is(
    annotations.length,
    ventana.videos.reduce((sum, video) => sum + video.annotations, 0),
  );
  const names = new Set(primaryConceptNames(dump.concepts));
  t.true(pool.length === 30 && pool.every((concept) => names.has(concept.name)));
  ventana.videos.forEach((video, index) => {
    const onVideo = annotations.filter((annotation) => annotation.video_reference_uuid === `ref-${index}`);
    t.is(onVideo.length, video.annotations);
    const start = Date.parse(ventana.start) + video.offsetMillis;
    for (const annotation of onVideo) {
      t.true(annotation.elapsed_time_millis >= 0 && annotation.elapsed_time_millis < video.durationMillis);
      t.is(Date.parse(annotation.recorded_timestamp), start + annotation.elapsed_time_millis);
    }
  });
  const distinctConcepts = new Set(annotations.map(({ concept }) => concept));
  t.true(distinctConcepts.size >= 10, `${distinctConcepts.size} concepts`);
});

test("associations come from the link templates of the annotated concept's lineage", (t) => {
  const { pool, annotations } = annotationsOfVentana();
  const templatesOf = new Map(
    pool.map((concept) => [
      concept.name,
      new Set(concept.templates.map((link) => `${link.linkName}|${link.toConcept}|${link.linkValue}`)),
    ]),
  );
  const associated = annotations.filter((annotation) => annotation.associations.length > 0);
  t.true(associated.length > annotations.length / 4, `${associated.length} of ${annotations.length}`);
  for (const annotation of associated) {
    for (const association of annotation.associations) {
      const key = `${association.link_name}|${association.to_concept}|${association.link_value}`;
      t.true(templatesOf.get(annotation.concept)?.has(key), `${annotation.concept}: ${key}`);
    }
  }
});

test("each clip frame is the image of one moment of the clip, whose moments fall on its frames", (t) => {
  const { annotations } = annotationsOfVentana();
  const clipIndex = ventana?.videos.findIndex(isClipVideo);
  const onClip = annotations.filter((annotation) => annotation.video_reference_uuid === `ref-${clipIndex}`);
  const frameMillis = 1000 / DEMO_CLIP.frameRate;
  t.true(onClip.every((annotation) => annotation.elapsed_time_millis % frameMillis === 0));
  const imaged = annotations.filter((annotation) => annotation.image_references !== undefined);
  t.deepEqual(
    imaged.map((annotation) => annotation.elapsed_time_millis).sort((a, b) => a - b),
    [...DEMO_FRAME_MILLIS],
  );
  t.true(imaged.every((annotation) => annotation.video_reference_uuid === `ref-${clipIndex}`));
});

test("every imaged moment has depth, position and water data that follow the dive", (t) => {
  const { annotations } = annotationsOfVentana();
  if (!ventana) return t.fail();
  const data = annotations.flatMap((annotation) =>
    annotation.ancillary_data ? [annotation.ancillary_data] : [],
  );
  const moments = new Set(annotations.map((a) => `${a.video_reference_uuid}@${a.elapsed_time_millis}`));
  t.is(data.length, moments.size);
  for (const datum of data) {
    t.true(datum.depth_meters >= 2 && datum.depth_meters <= ventana.maxDepthMeters + 3);
    t.true(Math.abs(datum.latitude - ventana.site.latitude) < 0.05);
    t.true(Math.abs(datum.longitude - ventana.site.longitude) < 0.05);
    t.true(datum.temperature_celsius > 1 && datum.temperature_celsius < 14);
    t.true(datum.salinity > 33 && datum.salinity < 35);
    t.true(datum.oxygen_ml_l > 0 && datum.oxygen_ml_l < 6.5);
  }
  const deepest = data.reduce((a, b) => (a.depth_meters > b.depth_meters ? a : b));
  const shallowest = data.reduce((a, b) => (a.depth_meters < b.depth_meters ? a : b));
  t.true(deepest.depth_meters > 600, `deepest ${deepest.depth_meters} m`);
  t.true(deepest.temperature_celsius < shallowest.temperature_celsius);
});

test("the water gets colder and saltier with depth, with the oxygen minimum near 700 m", (t) => {
  const depths = [0, 100, 300, 700, 1500, 3000];
  const samples = depths.map(waterAt);
  for (let i = 1; i < samples.length; i++) {
    t.true((samples[i]?.temperatureCelsius ?? 0) < (samples[i - 1]?.temperatureCelsius ?? 0));
    t.true((samples[i]?.salinity ?? 0) > (samples[i - 1]?.salinity ?? 0));
  }
  const oxygen = samples.map((sample) => sample.oxygenMlL);
  t.is(oxygen.indexOf(Math.min(...oxygen)), depths.indexOf(700));
  t.true((samples[0]?.oxygenMlL ?? 0) > 5 && (samples[3]?.oxygenMlL ?? 1) < 0.5);
});
