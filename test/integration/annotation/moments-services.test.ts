import test from "ava";
import { createMomentsServices } from "../../../services/annotation/moments/moments-part.js";
import { createImagedMomentStore } from "../../../services/annotation/moments/services/imaged-moment.store.js";
import { DomainError } from "../../../services/kit/errors/domain-error.js";
import { uuidV7 } from "../../../services/kit/ids/uuid.js";
import {
  at,
  BACKENDS,
  type Backend,
  closeAnnotationTestStorages,
  countRows,
  openAnnotationTestStorage,
} from "../../support/annotation/annotation-storage.js";

test.after.always(closeAnnotationTestStorages);

async function open(backend: Backend) {
  const storage = await openAnnotationTestStorage(backend);
  return { storage, ...createMomentsServices(storage, createImagedMomentStore()) };
}

for (const backend of BACKENDS) {
  test(`${backend}: moving an image deletes the moment it leaves empty`, async (t) => {
    const { storage, images } = await open(backend);
    const video = uuidV7();
    const created = await images.create(
      { videoReferenceUuid: video, timecode: "a" },
      { url: `http://x/${uuidV7()}` },
    );
    const moved = await images.update(created.image.uuid, { elapsedTimeMillis: 42 }, {});
    t.is(moved.moment.elapsedTimeMillis, 42);
    t.is(moved.moment.timecode, null);
    t.is(await countRows(storage, "imaged_moments"), 1);
  });

  test(`${backend}: a duplicate image URL is ALREADY_EXISTS and leaves no new moment behind`, async (t) => {
    const { storage, images } = await open(backend);
    const url = `http://x/${uuidV7()}`;
    await images.create({ videoReferenceUuid: uuidV7(), timecode: "a" }, { url });
    const error = await t.throwsAsync(
      images.create({ videoReferenceUuid: uuidV7(), timecode: "b" }, { url }),
    );
    t.true(error instanceof DomainError && error.code === "ALREADY_EXISTS");
    t.is(await countRows(storage, "imaged_moments"), 1);
  });

  test(`${backend}: bulk ancillary data is all or nothing when a moment is unknown`, async (t) => {
    const { storage, images, ancillaryData } = await open(backend);
    const image = await images.create(
      { videoReferenceUuid: uuidV7(), timecode: "a" },
      { url: `http://x/${uuidV7()}` },
    );
    const error = await t.throwsAsync(
      ancillaryData.createMany([
        { imagedMomentUuid: image.moment.uuid, latitude: 1 },
        { imagedMomentUuid: uuidV7(), latitude: 2 },
      ]),
    );
    t.true(error instanceof DomainError && error.metadata.field === "data[1].imaged_moment_uuid");
    t.is(await countRows(storage, "ancillary_data"), 0);
  });

  test(`${backend}: retime and move rewrite many moments with set-based updates`, async (t) => {
    const { images, momentWrites, momentQueries } = await open(backend);
    const video = uuidV7();
    for (let i = 0; i < 30; i++) {
      await images.create(
        { videoReferenceUuid: video, elapsedTimeMillis: i * 1000 },
        { url: `http://x/${uuidV7()}` },
      );
    }
    const retimed = await momentWrites.retime(video, at("2020-01-01T00:00:00.000001Z"));
    t.is(retimed.length, 30);
    const last = retimed.find((view) => view.graph.moment.elapsedTimeMillis === 29_000);
    t.is(last?.graph.moment.recordedTimestamp?.toString(), "2020-01-01T00:00:29.000001Z");
    const target = uuidV7();
    const moved = await momentWrites.move(
      target,
      retimed.map((view) => view.graph.moment.uuid),
      at("2020-01-01T00:00:10.000001Z"),
    );
    t.is(moved, 30);
    const after = await momentQueries.listByVideo(target);
    t.is(
      after.find((view) => view.graph.moment.uuid === last?.graph.moment.uuid)?.graph.moment
        .elapsedTimeMillis,
      19_000,
    );
  });
}
