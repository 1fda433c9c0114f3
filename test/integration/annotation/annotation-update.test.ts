import test from "ava";
import {
  at,
  BACKENDS,
  closeAnnotationTestStorages,
  countRows,
} from "../../support/annotation/annotation-storage.js";
import { newVideo, openAnnotationsServices } from "../../support/annotation/annotations-services.js";

test.after.always(closeAnnotationTestStorages);

for (const backend of BACKENDS) {
  test(`${backend}: update changes the fields given and resets the observation time to now when absent`, async (t) => {
    const anno = await openAnnotationsServices(backend);
    const created = await anno.creates.create({
      videoReferenceUuid: newVideo(),
      concept: "A",
      observer: "me",
      timecode: "00:00:01:00",
      observationTimestamp: at("2001-01-01T00:00:00Z"),
    });
    const uuid = created.observation.observation.uuid;
    const updated = await anno.updates.update(uuid, {
      concept: "B",
      activity: "transect",
      durationMillis: 5,
    });
    t.like(updated.observation.observation, {
      concept: "B",
      activity: "transect",
      durationMillis: 5,
      observer: "me",
    });
    t.true(updated.observation.observation.observationTimestamp.compare(at("2020-01-01T00:00:00Z")) > 0);
    t.is(updated.moment.moment.uuid, created.moment.moment.uuid, "no index given: the observation stays");
    const stamped = await anno.updates.update(uuid, {
      observationTimestamp: at("2002-02-02T00:00:00.000002Z"),
    });
    t.is(stamped.observation.observation.observationTimestamp.toString(), "2002-02-02T00:00:00.000002Z");
    await t.throwsAsync(anno.updates.update(newVideo(), { concept: "x" }), { code: "NOT_FOUND" } as never);
  });

  test(`${backend}: update moves the observation to the moment of the new indices, keeping the old moment`, async (t) => {
    const anno = await openAnnotationsServices(backend);
    const video = newVideo();
    const created = await anno.creates.create({
      videoReferenceUuid: video,
      concept: "A",
      elapsedTimeMillis: 100,
    });
    const target = await anno.creates.create({
      videoReferenceUuid: video,
      concept: "B",
      elapsedTimeMillis: 200,
    });
    const uuid = created.observation.observation.uuid;
    const moved = await anno.updates.update(uuid, { elapsedTimeMillis: 200 });
    t.is(moved.moment.moment.uuid, target.moment.moment.uuid);
    const otherVideo = newVideo();
    const movedAway = await anno.updates.update(uuid, { videoReferenceUuid: otherVideo });
    t.is(movedAway.moment.moment.videoReferenceUuid, otherVideo);
    t.is(movedAway.moment.moment.elapsedTimeMillis, 200, "the current indices go along");
    t.is(await countRows(anno.storage, "imaged_moments"), 3);
  });

  test(`${backend}: bulk update changes many observations set-based and skips items without a known UUID`, async (t) => {
    const anno = await openAnnotationsServices(backend);
    const video = newVideo();
    const created = await anno.creates.createMany(
      Array.from({ length: 5 }, (_, index) => ({
        videoReferenceUuid: video,
        concept: `c${index}`,
        elapsedTimeMillis: index,
        associations: [{ linkName: "keep" }],
      })),
    );
    const items = created.map((annotation, index) => ({
      observationUuid: annotation.observation.observation.uuid,
      concept: `new${index}`,
      observer: "bulk",
      recordedTimestamp: index === 0 ? at("2021-01-01T00:00:00Z") : undefined,
    }));
    const updated = await anno.updates.updateMany([
      ...items,
      { concept: "skipped" },
      { observationUuid: newVideo() },
    ]);
    t.is(updated.length, 5);
    t.deepEqual(
      updated.map((annotation) => annotation.observation.observation.observer),
      Array(5).fill("bulk"),
    );
    const concepts = updated.map((annotation) => annotation.observation.observation.concept).sort();
    t.deepEqual(concepts, ["new0", "new1", "new2", "new3", "new4"]);
    t.true(updated.every((annotation) => annotation.observation.associations.length === 1));
    const first = updated.find((annotation) => annotation.observation.observation.concept === "new0");
    t.is(first?.moment.moment.uuid, created[0]?.moment.moment.uuid, "the kept elapsed time still matches");
    t.is(first?.moment.moment.recordedTimestamp, null, "a reused moment keeps its indices");
    t.is(await countRows(anno.storage, "imaged_moments"), 5);
    t.deepEqual(await anno.updates.updateMany([]), []);
  });
}
