import test from "ava";
import { annotationsOf } from "../../support/annotation/annotation-assertions.js";
import {
  at,
  BACKENDS,
  closeAnnotationTestStorages,
  countRows,
} from "../../support/annotation/annotation-storage.js";
import { newVideo, openAnnotationsServices } from "../../support/annotation/annotations-services.js";

test.after.always(closeAnnotationTestStorages);

for (const backend of BACKENDS) {
  test(`${backend}: create reuses the imaged moment by timecode, then elapsed time, then recorded timestamp`, async (t) => {
    const anno = await openAnnotationsServices(backend);
    const video = newVideo();
    const first = await anno.creates.create({
      videoReferenceUuid: video,
      concept: "Nanomia",
      timecode: "01:00:00:00",
      elapsedTimeMillis: 1000,
      recordedTimestamp: at("2020-01-01T00:00:01.123456Z"),
    });
    const sameTimecode = await anno.creates.create({
      videoReferenceUuid: video,
      concept: "Aegina",
      timecode: "01:00:00:00",
      elapsedTimeMillis: 99,
    });
    t.is(sameTimecode.moment.moment.uuid, first.moment.moment.uuid);
    t.is(sameTimecode.moment.moment.elapsedTimeMillis, 1000, "a reused moment keeps its indices");
    const otherTimecode = await anno.creates.create({
      videoReferenceUuid: video,
      concept: "Aegina",
      timecode: "01:00:00:01",
      elapsedTimeMillis: 1000,
    });
    t.not(otherTimecode.moment.moment.uuid, first.moment.moment.uuid);
    const byElapsed = await anno.creates.create({
      videoReferenceUuid: video,
      concept: "x",
      elapsedTimeMillis: 1000,
    });
    t.is(byElapsed.moment.moment.uuid, first.moment.moment.uuid);
    const byRecorded = await anno.creates.create({
      videoReferenceUuid: video,
      concept: "x",
      elapsedTimeMillis: 5,
      recordedTimestamp: at("2020-01-01T00:00:01.123456Z"),
    });
    t.is(byRecorded.moment.moment.uuid, first.moment.moment.uuid);
    t.is(byRecorded.moment.moment.recordedTimestamp?.toString(), "2020-01-01T00:00:01.123456Z");
    const otherVideo = await anno.creates.create({
      videoReferenceUuid: newVideo(),
      concept: "x",
      elapsedTimeMillis: 1000,
    });
    t.not(otherVideo.moment.moment.uuid, first.moment.moment.uuid);
    t.is(await countRows(anno.storage, "imaged_moments"), 3);
  });

  test(`${backend}: create rejects a missing concept or video and a bad UUID, naming the field`, async (t) => {
    const anno = await openAnnotationsServices(backend);
    const missing = await t.throwsAsync(anno.creates.create({ videoReferenceUuid: newVideo() }));
    t.like(missing, { code: "INVALID_ARGUMENT", message: "concept is required" });
    const bad = await t.throwsAsync(anno.creates.create({ videoReferenceUuid: "nope", concept: "x" }));
    t.like(bad, { code: "INVALID_ARGUMENT" });
    t.regex(bad?.message ?? "", /video_reference_uuid/);
    t.is(await countRows(anno.storage, "observations"), 0);
  });

  test(`${backend}: concurrent creates at the same index share one imaged moment`, async (t) => {
    const anno = await openAnnotationsServices(backend);
    const video = newVideo();
    const created = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        anno.creates.create({ videoReferenceUuid: video, concept: `c${index}`, timecode: "00:00:10:00" }),
      ),
    );
    t.is(new Set(created.map((annotation) => annotation.moment.moment.uuid)).size, 1);
    t.is(await countRows(anno.storage, "imaged_moments"), 1);
    t.is(await countRows(anno.storage, "observations"), 30);
  });

  test(`${backend}: concurrent bulk and single creates of the same indices never duplicate an imaged moment`, async (t) => {
    const anno = await openAnnotationsServices(backend);
    const video = newVideo();
    const batch = (tag: string) =>
      [0, 1, 2, 3].map((second) => ({
        videoReferenceUuid: video,
        concept: tag,
        timecode: `00:00:0${second}:00`,
      }));
    await Promise.all([
      anno.creates.createMany(batch("a")),
      anno.creates.createMany(batch("b")),
      anno.creates.create({ videoReferenceUuid: video, concept: "c", timecode: "00:00:02:00" }),
      anno.creates.createMany(batch("d")),
    ]);
    t.is(await countRows(anno.storage, "imaged_moments"), 4);
    t.is(await countRows(anno.storage, "observations"), 13);
  });

  test(`${backend}: bulk create merges items per index, skips known image URLs and sets ancillary data`, async (t) => {
    const anno = await openAnnotationsServices(backend);
    const video = newVideo();
    const existing = await anno.creates.create({
      videoReferenceUuid: video,
      concept: "old",
      elapsedTimeMillis: 10,
    });
    const url = `http://example.org/${video}/a.png`;
    const created = await anno.creates.createMany([
      {
        videoReferenceUuid: video,
        concept: "A",
        elapsedTimeMillis: 10,
        associations: [{ linkName: "eating", toConcept: "B", linkValue: "nil" }],
        imageReferences: [{ url, format: "image/png", widthPixels: 1920 }],
        ancillaryData: { latitude: 36.5, depthMeters: 100.25 },
      },
      { videoReferenceUuid: video, concept: "B", elapsedTimeMillis: 10, imageReferences: [{ url }] },
      { videoReferenceUuid: video, concept: "C", timecode: "00:00:01:00" },
    ]);
    const concepts = created.map((annotation) => annotation.observation.observation.concept).sort();
    t.deepEqual(concepts, ["A", "B", "C", "old"]);
    const moment = created.find((annotation) => annotation.observation.observation.concept === "A")?.moment;
    t.is(moment?.moment.uuid, existing.moment.moment.uuid);
    t.deepEqual(
      moment?.imageReferences.map((image) => image.url),
      [url],
    );
    t.like(moment?.ancillaryDatum, { latitude: 36.5, depthMeters: 100.25, longitude: null });
    const a = created.find((annotation) => annotation.observation.observation.concept === "A");
    t.like(a?.observation.associations[0], { linkName: "eating", toConcept: "B", mimeType: "text/plain" });
    t.is(await countRows(anno.storage, "imaged_moments"), 2);
    t.is(await countRows(anno.storage, "image_references"), 1);
    const again = await anno.creates.createMany([
      { videoReferenceUuid: video, concept: "D", elapsedTimeMillis: 10, ancillaryData: { latitude: 1 } },
    ]);
    t.like(again[0]?.moment.ancillaryDatum, { latitude: 1, depthMeters: null });
    t.is(await countRows(anno.storage, "ancillary_data"), 1);
    t.deepEqual(await anno.creates.createMany([]), []);
  });

  test(`${backend}: a bulk create with one bad item writes nothing and names the item's field`, async (t) => {
    const anno = await openAnnotationsServices(backend);
    const error = await t.throwsAsync(
      anno.creates.createMany([
        { videoReferenceUuid: newVideo(), concept: "A" },
        { videoReferenceUuid: newVideo(), concept: "B", associations: [{ toConcept: "x" }] },
      ]),
    );
    t.is(error?.message, "annotations[1].associations[0].link_name is required");
    t.is(await countRows(anno.storage, "observations"), 0);
  });

  test(`${backend}: reads by observation, association, image and video reference`, async (t) => {
    const anno = await openAnnotationsServices(backend);
    const video = newVideo();
    const url = `http://example.org/${video}/b.png`;
    const created = await anno.creates.createMany([
      {
        videoReferenceUuid: video,
        concept: "A",
        elapsedTimeMillis: 1,
        associations: [{ linkName: "x" }],
        imageReferences: [{ url }],
      },
      { videoReferenceUuid: video, concept: "B", elapsedTimeMillis: 1 },
      { videoReferenceUuid: video, concept: "C", elapsedTimeMillis: 2 },
    ]);
    const a = created.find((annotation) => annotation.observation.observation.concept === "A");
    const uuid = a?.observation.observation.uuid ?? "";
    t.is((await anno.annotations.get(uuid)).observation.observation.concept, "A");
    const association = a?.observation.associations[0]?.uuid ?? "";
    t.is((await anno.annotations.getByAssociation(association)).observation.observation.uuid, uuid);
    const image = a?.moment.imageReferences[0]?.uuid ?? "";
    t.deepEqual(annotationsOf(await anno.annotations.listByImageReference(image)), ["A", "B"]);
    t.deepEqual(await anno.annotations.listByImageReference(newVideo()), []);
    const all = await anno.annotations.listByVideoReference(video);
    t.is(all.length, 3);
    const uuids = all.map((annotation) => annotation.observation.observation.uuid);
    t.deepEqual(uuids, [...uuids].sort());
    const page = await anno.annotations.listByVideoReference(video, 1, 1);
    t.deepEqual(
      page.map((annotation) => annotation.observation.observation.uuid),
      [uuids[1]],
    );
    await t.throwsAsync(anno.annotations.get(newVideo()), { message: "Not found" });
    await t.throwsAsync(anno.annotations.getByAssociation(newVideo()), { message: "Not found" });
  });

  test(`${backend}: concurrent and multi counts count observations of the videos`, async (t) => {
    const anno = await openAnnotationsServices(backend);
    const [v1, v2] = [newVideo(), newVideo()];
    await anno.creates.createMany([
      { videoReferenceUuid: v1, concept: "A", recordedTimestamp: at("2020-01-01T00:00:00Z") },
      { videoReferenceUuid: v1, concept: "B", recordedTimestamp: at("2020-01-01T00:00:10.000001Z") },
      { videoReferenceUuid: v2, concept: "C", recordedTimestamp: at("2020-01-01T00:00:05Z") },
      { videoReferenceUuid: v2, concept: "D" },
    ]);
    t.is(await anno.annotations.countMulti([v1, v2]), 4);
    t.is(await anno.annotations.countMulti([v1]), 2);
    const range = { startTimestamp: at("2020-01-01T00:00:00Z"), endTimestamp: at("2020-01-01T00:00:10Z") };
    t.is(await anno.annotations.countConcurrent({ ...range, videoReferenceUuids: [v1, v2] }), 2);
    await t.throwsAsync(anno.annotations.countMulti([]), { message: "video_reference_uuids is required" });
  });
}
