/**
 * What the Watch screen's undo of a delete relies on (docs/console.md), on MariaDB, PostgreSQL
 * and SQLite: an observation deleted from a moment that has an image leaves the moment and its
 * image; the same annotation created again in bulk with the moment's indices, its associations
 * and the image lands on that moment, with its associations, its box in the box index naming the
 * kept image, and the image not written twice.
 */
import test from "ava";
import { createImagedMomentStore } from "../../../services/annotation/moments/services/imaged-moment.store.js";
import { createObservationsServices } from "../../../services/annotation/observations/observations-part.js";
import type { DomainStorage } from "../../../services/kit/storage/domain-storage.js";
import {
  BACKENDS,
  closeAnnotationTestStorages,
  countRows,
} from "../../support/annotation/annotation-storage.js";
import { newVideo, openAnnotationsServices } from "../../support/annotation/annotations-services.js";

test.after.always(closeAnnotationTestStorages);

async function indexedBoxes(storage: DomainStorage, video: string) {
  return (await storage.read((manager) =>
    manager.query(
      `SELECT association_uuid, observation_uuid, image_reference_uuid FROM bounding_boxes WHERE video_reference_uuid = '${video}'`,
    ),
  )) as { association_uuid: string; observation_uuid: string; image_reference_uuid: string }[];
}

for (const backend of BACKENDS) {
  test(`${backend}: an annotation deleted and created again in bulk is back on its moment with its associations and indexed box`, async (t) => {
    const anno = await openAnnotationsServices(backend);
    const { observations } = createObservationsServices(anno.storage, createImagedMomentStore());
    const video = newVideo();
    const image = {
      url: `http://example.org/${video}/frame.png`,
      format: "image/png",
      widthPixels: 384,
      heightPixels: 216,
    };
    const [framed] = await anno.creates.createMany([
      {
        videoReferenceUuid: video,
        concept: "Aegina",
        observer: "ann",
        elapsedTimeMillis: 6400,
        imageReferences: [image],
      },
    ]);
    const imageUuid = framed?.moment.imageReferences[0]?.uuid as string;
    await observations.delete(framed?.observation.observation.uuid as string);
    const item = {
      videoReferenceUuid: video,
      concept: "Colobonema",
      observer: "ann",
      activity: "swimming",
      elapsedTimeMillis: 6400,
      associations: [
        { linkName: "comment", toConcept: "self", linkValue: "a note", mimeType: "text/plain" },
        {
          linkName: "bounding box",
          toConcept: "self",
          linkValue: JSON.stringify({ x: 1, y: 2, width: 30, height: 40, image_reference_uuid: imageUuid }),
          mimeType: "application/json",
        },
      ],
      imageReferences: [image],
    };
    const [first] = await anno.creates.createMany([item]);
    const momentUuid = first?.moment.moment.uuid;
    t.is(momentUuid, framed?.moment.moment.uuid, "a moment with an image outlives its last observation");
    await observations.delete(first?.observation.observation.uuid as string);
    t.deepEqual(await indexedBoxes(anno.storage, video), [], "the deleted box left the index");

    const [back] = await anno.creates.createMany([item]);
    if (!back) throw new Error("nothing created");
    t.is(back.moment.moment.uuid, momentUuid as string);
    t.like(back.observation.observation, { concept: "Colobonema", observer: "ann", activity: "swimming" });
    const byName = (a: { linkName: string }, b: { linkName: string }) => a.linkName.localeCompare(b.linkName);
    t.deepEqual(
      back.observation.associations
        .map(({ linkName, toConcept, linkValue, mimeType }) => ({ linkName, toConcept, linkValue, mimeType }))
        .sort(byName),
      [...item.associations].sort(byName),
    );
    t.deepEqual(
      back.moment.imageReferences.map((one) => one.uuid),
      [imageUuid],
    );
    t.is(await countRows(anno.storage, "image_references"), 1);
    const box = back.observation.associations.find((one) => one.linkName === "bounding box");
    t.deepEqual(await indexedBoxes(anno.storage, video), [
      {
        association_uuid: box?.uuid as string,
        observation_uuid: back.observation.observation.uuid,
        image_reference_uuid: imageUuid,
      },
    ]);
  });
}
