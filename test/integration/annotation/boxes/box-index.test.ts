/**
 * The box index on MariaDB, PostgreSQL and SQLite: the triggers keep one row per `bounding box`
 * association whose value is a box, through the services' writes and through bare SQL; a
 * malformed value is left out and counted, never failing its write; deletes at every level take
 * the rows away; a rebuild gives the same rows.
 */
import test from "ava";
import { BoxIndexRepository } from "../../../../services/annotation/boxes/repositories/box-index.repository.js";
import { BoxIndexService } from "../../../../services/annotation/boxes/services/box-index.service.js";
import { createImagedMomentStore } from "../../../../services/annotation/moments/services/imaged-moment.store.js";
import { createObservationsServices } from "../../../../services/annotation/observations/observations-part.js";
import { uuidV7 } from "../../../../services/kit/ids/uuid.js";
import type { DomainStorage } from "../../../../services/kit/storage/domain-storage.js";
import {
  BACKENDS,
  closeAnnotationTestStorages,
  openAnnotationTestStorage,
} from "../../../support/annotation/annotation-storage.js";
import { firstObservation, seedMoment } from "../../../support/annotation/observation-fixtures.js";

test.after.always(closeAnnotationTestStorages);

/** A value as vars-localize writes one. */
function boxValue(extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ x: 10, y: 20.5, width: 30, height: 40, image_reference_uuid: uuidV7(), ...extra });
}

interface IndexRow {
  association_uuid: string;
  concept: string | null;
  x: number;
  width: number;
  generator: string | null;
  verifier: string | null;
  video_reference_uuid: string;
  elapsed_time_millis: number | string | null;
}

async function indexRows(storage: DomainStorage): Promise<IndexRow[]> {
  const rows = (await storage.read((manager) =>
    manager.query(
      "SELECT association_uuid, concept, x, width, generator, verifier, video_reference_uuid, elapsed_time_millis FROM bounding_boxes ORDER BY association_uuid",
    ),
  )) as IndexRow[];
  return rows.map((row) => ({
    ...row,
    x: Number(row.x),
    width: Number(row.width),
    elapsed_time_millis: row.elapsed_time_millis === null ? null : Number(row.elapsed_time_millis),
  }));
}

for (const backend of BACKENDS) {
  test(`${backend}: every write path keeps the box index, malformed values are left out and counted`, async (t) => {
    const storage = await openAnnotationTestStorage(backend);
    const { associations, observations } = createObservationsServices(storage, createImagedMomentStore());
    const video = uuidV7();
    const seeded = await seedMoment(storage, {
      videoReferenceUuid: video,
      elapsedTimeMillis: 5000,
      observations: [
        {
          concept: "Aegina",
          associations: [
            {
              linkName: "bounding box",
              toConcept: "self",
              linkValue: boxValue({ generator: "vars-localize" }),
              mimeType: "application/json",
            },
            {
              linkName: "bounding box",
              toConcept: "self",
              linkValue: "{not json",
              mimeType: "application/json",
            },
            {
              linkName: "bounding box",
              toConcept: "self",
              linkValue: JSON.stringify({ x: "1", y: 2, width: 3, height: 4 }),
            },
            { linkName: "eating", toConcept: "Nanomia", linkValue: "nil" },
          ],
        },
      ],
    });
    const observation = firstObservation(seeded).observation;
    const kept = firstObservation(seeded).associations[0]?.uuid as string;
    let rows = await indexRows(storage);
    t.deepEqual(
      rows.map((row) => [
        row.association_uuid,
        row.concept,
        row.x,
        row.width,
        row.generator,
        row.video_reference_uuid,
        row.elapsed_time_millis,
      ]),
      [[kept, "Aegina", 10, 30, "vars-localize", video, 5000]],
    );
    t.deepEqual(await new BoxIndexRepository(storage).counts(), { indexed: 1, notBoxes: 2 });

    const created = await associations.create({
      observationUuid: observation.uuid,
      linkName: "bounding box",
      toConcept: "self",
      linkValue: boxValue({ x: 1 }),
      mimeType: "application/json",
    });
    t.is((await indexRows(storage)).length, 2);

    await associations.update(created.association.uuid, { linkValue: boxValue({ x: 7, verifier: "brian" }) });
    rows = await indexRows(storage);
    t.like(
      rows.find((row) => row.association_uuid === created.association.uuid),
      { x: 7, verifier: "brian" },
    );

    await observations.update(observation.uuid, { concept: "Bathochordaeus" });
    t.deepEqual(
      (await indexRows(storage)).map((row) => row.concept),
      ["Bathochordaeus", "Bathochordaeus"],
    );

    await storage.transaction((manager) =>
      manager.query("UPDATE imaged_moments SET elapsed_time_millis = 9000 WHERE uuid = ?", [
        seeded.imagedMomentUuid,
      ]),
    );
    t.deepEqual(
      (await indexRows(storage)).map((row) => row.elapsed_time_millis),
      [9000, 9000],
    );

    await associations.update(created.association.uuid, { linkName: "comment" });
    t.deepEqual(
      (await indexRows(storage)).map((row) => row.association_uuid),
      [kept],
    );

    await associations.delete(kept);
    t.deepEqual(await indexRows(storage), []);
  });

  test(`${backend}: deleting an observation or its moment takes its boxes away; a rebuild gives the same rows`, async (t) => {
    const storage = await openAnnotationTestStorage(backend);
    const { observations } = createObservationsServices(storage, createImagedMomentStore());
    const box = {
      linkName: "bounding box",
      toConcept: "self",
      linkValue: boxValue(),
      mimeType: "application/json",
    };
    const first = await seedMoment(storage, {
      videoReferenceUuid: uuidV7(),
      elapsedTimeMillis: 1,
      observations: [
        { concept: "a", associations: [box] },
        { concept: "b", associations: [box] },
      ],
    });
    const second = await seedMoment(storage, {
      videoReferenceUuid: uuidV7(),
      elapsedTimeMillis: 2,
      observations: [{ concept: "c", associations: [box, box] }],
    });
    t.is((await indexRows(storage)).length, 4);
    const before = await indexRows(storage);
    t.deepEqual(await new BoxIndexRepository(storage).rebuild(), { indexed: 4, notBoxes: 0 });
    t.deepEqual(await indexRows(storage), before);

    await observations.delete(first.observations[0]?.observation.uuid as string);
    t.deepEqual((await indexRows(storage)).map((row) => row.concept).sort(), ["b", "c", "c"]);
    await storage.transaction((manager) =>
      manager.query("DELETE FROM imaged_moments WHERE uuid = ?", [second.imagedMomentUuid]),
    );
    t.deepEqual(
      (await indexRows(storage)).map((row) => row.concept),
      ["b"],
    );
    t.deepEqual(await new BoxIndexRepository(storage).missingTriggers(), []);
  });
}

test("sqlite: reindex makes missing triggers again and rebuilds the rows", async (t) => {
  const storage = await openAnnotationTestStorage("sqlite");
  const box = {
    linkName: "bounding box",
    toConcept: "self",
    linkValue: boxValue(),
    mimeType: "application/json",
  };
  await storage.transaction(async (manager) => {
    await manager.query("DROP TRIGGER trg_associations__box_insert");
    await manager.query("DELETE FROM bounding_boxes");
  });
  await seedMoment(storage, {
    videoReferenceUuid: uuidV7(),
    observations: [{ concept: "a", associations: [box] }],
  });
  const index = new BoxIndexRepository(storage);
  t.deepEqual(await index.missingTriggers(), ["trg_associations__box_insert"]);
  t.deepEqual(await indexRows(storage), []);
  t.deepEqual(await new BoxIndexService(index).reindex(), { kept: true, indexed: 1, notBoxes: 0 });
  t.deepEqual(await index.missingTriggers(), []);
  await seedMoment(storage, {
    videoReferenceUuid: uuidV7(),
    observations: [{ concept: "b", associations: [box] }],
  });
  t.is((await indexRows(storage)).length, 2);
});
