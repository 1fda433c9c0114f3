import { randomUUID } from "node:crypto";
import test from "ava";
import {
  ANCILLARY_MEASUREMENTS,
  AncillaryDatumEntity,
} from "../../../services/annotation/entities/ancillary-datum.entity.js";
import type { ChangeEvent } from "../../../services/annotation/events/change-event.js";
import { storageRecordingChanges } from "../../../services/annotation/events/change-recorder.js";
import { AncillaryDatumRepository } from "../../../services/annotation/moments/repositories/ancillary-datum.repository.js";
import { ImageReferenceRepository } from "../../../services/annotation/moments/repositories/image-reference.repository.js";
import { ImagedMomentRepository } from "../../../services/annotation/moments/repositories/imaged-moment.repository.js";
import { AssociationRepository } from "../../../services/annotation/observations/repositories/association.repository.js";
import { ObservationRepository } from "../../../services/annotation/observations/repositories/observation.repository.js";
import type { DomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { Instant } from "../../../services/kit/time/instant.js";
import {
  BACKENDS,
  closeAnnotationTestStorages,
  countRows,
  openAnnotationTestStorage,
} from "../../support/annotation/annotation-storage.js";

test.after.always(closeAnnotationTestStorages);

/** The storage as the domain wraps it, and every batch of changes it published. */
async function recordingStorage(backend: (typeof BACKENDS)[number]) {
  const published: ChangeEvent[][] = [];
  const storage = storageRecordingChanges(await openAnnotationTestStorage(backend), (changes) =>
    published.push([...changes]),
  );
  return { storage, published };
}

/** One moment with an observation (and its association), an image and a datum. */
async function writeAnnotation(storage: DomainStorage, fail = false) {
  const now = Instant.now();
  const ids = {
    moment: randomUUID(),
    observation: randomUUID(),
    association: randomUUID(),
    image: randomUUID(),
  };
  await storage.transaction(async (manager) => {
    await new ImagedMomentRepository(manager).insertMany([
      {
        uuid: ids.moment,
        videoReferenceUuid: randomUUID(),
        elapsedTimeMillis: 1000,
        recordedTimestamp: null,
        timecode: null,
        lastUpdatedTime: now,
      },
    ]);
    await new ObservationRepository(manager).insertMany([
      {
        uuid: ids.observation,
        imagedMomentUuid: ids.moment,
        concept: "Nanomia",
        observer: "t",
        observationTimestamp: now,
        activity: null,
        durationMillis: null,
        group: null,
        lastUpdatedTime: now,
      },
    ]);
    await new AssociationRepository(manager).insertMany([
      {
        uuid: ids.association,
        observationUuid: ids.observation,
        linkName: "eating",
        toConcept: "self",
        linkValue: "nil",
        mimeType: "text/plain",
        lastUpdatedTime: now,
      },
    ]);
    await new ImageReferenceRepository(manager).insert({
      uuid: ids.image,
      imagedMomentUuid: ids.moment,
      url: `http://example.org/${ids.image}.png`,
      description: null,
      format: null,
      heightPixels: null,
      widthPixels: null,
      lastUpdatedTime: now,
    });
    if (fail) throw new Error("the write fails after its inserts");
  });
  return ids;
}

function datum(uuid: string, moment: string, latitude: number): AncillaryDatumEntity {
  const row = Object.assign(new AncillaryDatumEntity(), {
    uuid,
    imagedMomentUuid: moment,
    lastUpdatedTime: Instant.now(),
  });
  for (const measurement of ANCILLARY_MEASUREMENTS) Object.assign(row, { [measurement]: null });
  return Object.assign(row, { latitude });
}

for (const backend of BACKENDS) {
  test(`${backend}: a committed transaction publishes its changes once, in the order written`, async (t) => {
    const { storage, published } = await recordingStorage(backend);
    const ids = await writeAnnotation(storage);
    t.deepEqual(published, [
      [
        { action: "CREATED", dataType: "OBSERVATION", uuid: ids.observation },
        { action: "CREATED", dataType: "ASSOCIATION", uuid: ids.association },
        { action: "CREATED", dataType: "IMAGE_REFERENCE", uuid: ids.image },
      ],
    ]);
  });

  test(`${backend}: a rolled-back transaction publishes nothing`, async (t) => {
    const { storage, published } = await recordingStorage(backend);
    await t.throwsAsync(writeAnnotation(storage, true), { message: /fails after its inserts/ });
    t.deepEqual(published, []);
    t.is(await countRows(storage, "observations"), 0);
  });

  test(`${backend}: ancillary data upserted are created where new and updated (their own UUID) where present`, async (t) => {
    const { storage, published } = await recordingStorage(backend);
    const first = await writeAnnotation(storage);
    const second = await writeAnnotation(storage);
    const existing = randomUUID();
    await storage.transaction((manager) =>
      new AncillaryDatumRepository(manager).insert(datum(existing, first.moment, 1)),
    );
    published.length = 0;
    const incoming = [datum(randomUUID(), first.moment, 2), datum(randomUUID(), second.moment, 3)];
    await storage.transaction((manager) =>
      new AncillaryDatumRepository(manager).upsertMany(incoming, "merge"),
    );
    t.deepEqual(published, [
      [
        { action: "CREATED", dataType: "ANCILLARY_DATUM", uuid: incoming[1]?.uuid },
        { action: "UPDATED", dataType: "ANCILLARY_DATUM", uuid: existing },
      ],
    ]);
  });

  test(`${backend}: deleting an imaged moment publishes the delete of every record it takes along`, async (t) => {
    const { storage, published } = await recordingStorage(backend);
    const ids = await writeAnnotation(storage);
    const datumUuid = randomUUID();
    await storage.transaction((manager) =>
      new AncillaryDatumRepository(manager).insert(datum(datumUuid, ids.moment, 1)),
    );
    published.length = 0;
    await storage.transaction((manager) => new ImagedMomentRepository(manager).deleteByUuids([ids.moment]));
    t.deepEqual(published, [
      [
        { action: "DELETED", dataType: "ASSOCIATION", uuid: ids.association },
        { action: "DELETED", dataType: "OBSERVATION", uuid: ids.observation },
        { action: "DELETED", dataType: "IMAGE_REFERENCE", uuid: ids.image },
        { action: "DELETED", dataType: "ANCILLARY_DATUM", uuid: datumUuid },
      ],
    ]);
  });
}
