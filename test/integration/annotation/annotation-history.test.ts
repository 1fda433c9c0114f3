import { randomUUID } from "node:crypto";
import test from "ava";
import {
  ANCILLARY_MEASUREMENTS,
  AncillaryDatumEntity,
} from "../../../services/annotation/entities/ancillary-datum.entity.js";
import {
  type RecordingStorage,
  storageRecordingChanges,
} from "../../../services/annotation/events/change-recorder.js";
import { actorOf } from "../../../services/annotation/history/services/actor.js";
import { AnnotationHistoryService } from "../../../services/annotation/history/services/annotation-history.service.js";
import { AncillaryDatumRepository } from "../../../services/annotation/moments/repositories/ancillary-datum.repository.js";
import { updateColumnByUuid } from "../../../services/annotation/moments/repositories/column-update.sql.js";
import { ImageReferenceRepository } from "../../../services/annotation/moments/repositories/image-reference.repository.js";
import { ImagedMomentRepository } from "../../../services/annotation/moments/repositories/imaged-moment.repository.js";
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

async function historyStorage(backend: (typeof BACKENDS)[number]) {
  const storage = storageRecordingChanges(await openAnnotationTestStorage(backend), () => {});
  return { storage, history: new AnnotationHistoryService(storage) };
}

/** The storage acting for a kb user, as a call made with the user's token gets it. */
function asUser(storage: RecordingStorage, name: string, role: string): DomainStorage {
  return storage.actingFor(actorOf({ claims: { name, role } }));
}

/** One moment with one observation by `observer`. */
async function seed(storage: DomainStorage, observer: string) {
  const now = Instant.now();
  const ids = { moment: randomUUID(), observation: randomUUID() };
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
        observer,
        observationTimestamp: now,
        activity: null,
        durationMillis: null,
        group: null,
        lastUpdatedTime: now,
      },
    ]);
  });
  return ids;
}

function datum(moment: string, depth: number): AncillaryDatumEntity {
  const row = Object.assign(new AncillaryDatumEntity(), {
    uuid: randomUUID(),
    imagedMomentUuid: moment,
    lastUpdatedTime: Instant.now(),
  });
  for (const measurement of ANCILLARY_MEASUREMENTS) Object.assign(row, { [measurement]: null });
  return Object.assign(row, { depthMeters: depth });
}

for (const backend of BACKENDS) {
  test(`${backend}: a committed write keeps one change per record with before and after; a rolled-back one keeps none`, async (t) => {
    const { storage, history } = await historyStorage(backend);
    const ids = await seed(storage, "brian");
    await t.throwsAsync(
      storage.transaction(async (manager) => {
        await new ObservationRepository(manager).update(ids.observation, { concept: "x" }, Instant.now());
        throw new Error("the write fails after its update");
      }),
      { message: /fails after its update/ },
    );
    await storage.transaction(async (manager) => {
      const observations = new ObservationRepository(manager);
      await observations.update(ids.observation, { concept: "Aegina" }, Instant.now());
      await observations.update(ids.observation, { activity: "transect" }, Instant.now());
    });
    const changes = await history.listForObservation(ids.observation);
    t.deepEqual(
      changes.map((change) => [change.action, change.data_type, change.changed_by]),
      [
        ["CREATED", "OBSERVATION", null],
        ["UPDATED", "OBSERVATION", null],
      ],
    );
    t.like(changes[1], {
      uuid: ids.observation,
      before: { concept: "Nanomia", activity: null, observer: "brian" },
      after: { concept: "Aegina", activity: "transect", imaged_moment_uuid: ids.moment },
    });
  });

  test(`${backend}: an observation's history holds its moment's image references and ancillary data, and a re-index of the moment`, async (t) => {
    const { storage, history } = await historyStorage(backend);
    const ids = await seed(storage, "brian");
    const image = randomUUID();
    const data = datum(ids.moment, 100);
    await asUser(storage, "kakani", "Annotator").transaction(async (manager) => {
      await new ImageReferenceRepository(manager).insert({
        uuid: image,
        imagedMomentUuid: ids.moment,
        url: `http://example.org/${image}.png`,
        description: null,
        format: null,
        heightPixels: null,
        widthPixels: null,
        lastUpdatedTime: Instant.now(),
      });
      await new AncillaryDatumRepository(manager).insert(data);
    });
    await storage.transaction((manager) =>
      new AncillaryDatumRepository(manager).upsertMany([datum(ids.moment, 250)], "merge"),
    );
    await storage.transaction((manager) => new ImageReferenceRepository(manager).delete(image));
    await storage.transaction((manager) =>
      updateColumnByUuid(
        manager,
        "imaged_moments",
        "elapsed_time_millis",
        new Map([[ids.moment, 2000]]),
        Instant.now().toSql(),
      ),
    );
    const changes = await history.listForObservation(ids.observation);
    t.deepEqual(
      changes.map((change) => [change.action, change.data_type, change.changed_by]),
      [
        ["CREATED", "OBSERVATION", null],
        ["CREATED", "IMAGE_REFERENCE", "kakani"],
        ["CREATED", "ANCILLARY_DATUM", "kakani"],
        ["UPDATED", "ANCILLARY_DATUM", null],
        ["DELETED", "IMAGE_REFERENCE", null],
        ["UPDATED", "OBSERVATION", null],
      ],
    );
    t.like(changes[5], { before: { elapsed_time_millis: 1000 }, after: { elapsed_time_millis: 2000 } });
    t.like(changes[3], { uuid: data.uuid, before: { depth_meters: 100 }, after: { depth_meters: 250 } });
    t.like(changes[4], { uuid: image, after: null, before: { url: `http://example.org/${image}.png` } });
  });

  test(`${backend}: a refused Annotator's write changes nothing and keeps no history; ReadOnly is refused before any write`, async (t) => {
    const { storage, history } = await historyStorage(backend);
    const ids = await seed(storage, "brian");
    const before = await history.listForObservation(ids.observation);
    await t.throwsAsync(
      asUser(storage, "kakani", "Annotator").transaction((manager) =>
        new ObservationRepository(manager).update(ids.observation, { concept: "x" }, Instant.now()),
      ),
      { message: /kakani \(Annotator\) may change only their own annotations/ },
    );
    await t.throwsAsync(seed(asUser(storage, "reader", "ReadOnly"), "reader"), {
      message: /reader \(ReadOnly\) may not change annotations/,
    });
    const configToken = storage.actingFor(actorOf({ claims: { username: "brian" } }));
    await t.throwsAsync(seed(configToken, "brian"), {
      message: /brian \(no known role\) may not change annotations/,
    });
    t.deepEqual(await history.listForObservation(ids.observation), before);
    t.is(await countRows(storage, "observations"), 1);
    await asUser(storage, "brian", "Annotator").transaction((manager) =>
      new ObservationRepository(manager).update(ids.observation, { concept: "mine" }, Instant.now()),
    );
    t.is((await history.listForObservation(ids.observation)).at(-1)?.changed_by, "brian");
  });

  test(`${backend}: the history of an unknown observation is 404, of a deleted one its changes`, async (t) => {
    const { storage, history } = await historyStorage(backend);
    await t.throwsAsync(history.listForObservation(randomUUID()), { message: "Not found" });
    const ids = await seed(storage, "brian");
    await storage.transaction((manager) => new ImagedMomentRepository(manager).deleteByUuids([ids.moment]));
    t.deepEqual(
      (await history.listForObservation(ids.observation)).map((change) => change.action),
      ["CREATED", "DELETED"],
    );
  });
}
