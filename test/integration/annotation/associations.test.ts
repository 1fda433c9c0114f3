import test, { type ExecutionContext } from "ava";
import { createImagedMomentStore } from "../../../services/annotation/moments/services/imaged-moment.store.js";
import { createObservationsServices } from "../../../services/annotation/observations/observations-part.js";
import { uuidV7 } from "../../../services/kit/ids/uuid.js";
import {
  BACKENDS,
  closeAnnotationTestStorages,
  countRows,
  openAnnotationTestStorage,
} from "../../support/annotation/annotation-storage.js";
import { firstObservation, seedMoment, uniqueName } from "../../support/annotation/observation-fixtures.js";

test.after.always(closeAnnotationTestStorages);

async function open(backend: (typeof BACKENDS)[number]) {
  const storage = await openAnnotationTestStorage(backend);
  return { storage, ...createObservationsServices(storage, createImagedMomentStore()) };
}

async function rejectsWith(t: ExecutionContext, promise: Promise<unknown>, code: string, message?: RegExp) {
  const error = await t.throwsAsync(promise);
  t.is((error as { code?: string } | undefined)?.code, code, error?.message);
  if (message) t.regex(error?.message ?? "", message);
}

for (const backend of BACKENDS) {
  test(`${backend}: create defaults the MIME type, returns the owners, and needs an existing observation`, async (t) => {
    const { storage, associations } = await open(backend);
    const seeded = await seedMoment(storage, {
      videoReferenceUuid: uuidV7(),
      observations: [{ concept: "a" }],
    });
    const observationUuid = firstObservation(seeded).observation.uuid;
    const created = await associations.create({
      observationUuid,
      linkName: "eating",
      toConcept: "b",
      linkValue: "",
    });
    t.like(created.association, {
      observationUuid,
      linkName: "eating",
      toConcept: "b",
      linkValue: "",
      mimeType: "text/plain",
    });
    t.is(created.imagedMomentUuid, seeded.imagedMomentUuid);
    t.deepEqual(await associations.get(created.association.uuid), created);
    await rejectsWith(
      t,
      associations.create({ linkName: "l", toConcept: "t", linkValue: "v" }),
      "INVALID_ARGUMENT",
      /observation_uuid/,
    );
    await rejectsWith(
      t,
      associations.create({ observationUuid, linkName: "l", linkValue: "v" }),
      "INVALID_ARGUMENT",
      /to_concept/,
    );
    await rejectsWith(
      t,
      associations.create({ observationUuid: uuidV7(), linkName: "l", toConcept: "t", linkValue: "v" }),
      "NOT_FOUND",
    );
    await rejectsWith(t, associations.get(uuidV7()), "NOT_FOUND");
  });

  test(`${backend}: update changes the fields given and moves to another observation`, async (t) => {
    const { storage, associations } = await open(backend);
    const seeded = await seedMoment(storage, {
      videoReferenceUuid: uuidV7(),
      observations: [
        { concept: "a", associations: [{ linkName: "l", toConcept: "t", linkValue: "v" }] },
        { concept: "b" },
      ],
    });
    const [owner, other] = seeded.observations;
    const uuid = owner?.associations[0]?.uuid ?? "";
    const renamed = await associations.update(uuid, { linkName: "m" });
    t.like(renamed.association, { linkName: "m", toConcept: "t", linkValue: "v" });
    const moved = await associations.update(uuid, {
      linkValue: "w",
      observationUuid: other?.observation.uuid,
    });
    t.like(moved.association, { linkName: "m", linkValue: "w", observationUuid: other?.observation.uuid });
    await rejectsWith(t, associations.update(uuid, { observationUuid: uuidV7() }), "NOT_FOUND");
    await rejectsWith(t, associations.update(uuidV7(), { linkName: "x" }), "NOT_FOUND");
    await rejectsWith(t, associations.update(uuid, { linkName: "" }), "INVALID_ARGUMENT", /link_name/);
  });

  test(`${backend}: bulk update overwrites link fields set-based and skips unknown or missing UUIDs`, async (t) => {
    const { storage, associations } = await open(backend);
    const seeded = await seedMoment(storage, {
      videoReferenceUuid: uuidV7(),
      observations: [
        {
          concept: "a",
          associations: [
            { linkName: "l1", toConcept: "t1", linkValue: "v1", mimeType: "text/x" },
            { linkName: "l2", toConcept: "t2", linkValue: "v2" },
          ],
        },
      ],
    });
    const [first, second] = firstObservation(seeded).associations.map((a) => a.uuid);
    const updated = await associations.updateMany([
      { uuid: first, linkName: "n1", toConcept: "u1", linkValue: "w1" },
      { uuid: second, linkName: "n2", toConcept: "u2", linkValue: "w2", mimeType: "application/json" },
      { uuid: uuidV7(), linkName: "x", toConcept: "x", linkValue: "x" },
      { linkName: "no uuid", toConcept: "x", linkValue: "x" },
    ]);
    t.deepEqual(
      updated.map((owned) => [
        owned.association.uuid,
        owned.association.linkName,
        owned.association.mimeType,
      ]),
      [
        [first, "n1", "text/x"],
        [second, "n2", "application/json"],
      ].sort((a, b) => ((a[0] ?? "") < (b[0] ?? "") ? -1 : 1)),
    );
    t.true(updated.every((owned) => owned.imagedMomentUuid === seeded.imagedMomentUuid));
    await rejectsWith(
      t,
      associations.updateMany([{ uuid: first, linkName: "n" }]),
      "INVALID_ARGUMENT",
      /associations\[0\]\.to_concept/,
    );
    t.deepEqual(await associations.updateMany([]), []);
  });

  test(`${backend}: deletes one (404 when unknown) or many (an empty list is refused)`, async (t) => {
    const { storage, associations } = await open(backend);
    const seeded = await seedMoment(storage, {
      videoReferenceUuid: uuidV7(),
      observations: [
        {
          concept: "a",
          associations: [
            { linkName: "1", toConcept: "t", linkValue: "v" },
            { linkName: "2", toConcept: "t", linkValue: "v" },
            { linkName: "3", toConcept: "t", linkValue: "v" },
          ],
        },
      ],
    });
    const [one, two, three] = firstObservation(seeded).associations.map((a) => a.uuid);
    await associations.delete(one ?? "");
    await rejectsWith(t, associations.delete(one ?? ""), "NOT_FOUND");
    await associations.deleteMany([two ?? "", three ?? "", uuidV7()]);
    t.is(await countRows(storage, "associations"), 0);
    await rejectsWith(t, associations.deleteMany([]), "INVALID_ARGUMENT", /^uuids is required$/);
  });

  test(`${backend}: finders by video and link name, concept associations, to-concept count and rename`, async (t) => {
    const { storage, associations } = await open(backend);
    const video = uuidV7();
    const toConcept = uniqueName("prey");
    await seedMoment(storage, {
      videoReferenceUuid: video,
      elapsedTimeMillis: 1,
      observations: [
        { concept: "squid", associations: [{ linkName: "eating", toConcept, linkValue: "nil" }] },
        { concept: "fish", associations: [{ linkName: "eating", toConcept: "self", linkValue: "nil" }] },
      ],
    });
    await seedMoment(storage, {
      videoReferenceUuid: uuidV7(),
      elapsedTimeMillis: 1,
      observations: [
        { concept: "squid", associations: [{ linkName: "eating", toConcept, linkValue: "nil" }] },
      ],
    });
    const eating = await associations.listByVideoReferenceAndLinkName(video, "eating");
    t.is(eating.length, 2);
    t.deepEqual(
      eating.map((a) => a.uuid),
      eating.map((a) => a.uuid).sort(),
      "ordered by UUID",
    );
    const read = await Promise.all(eating.map((a) => associations.get(a.uuid)));
    t.deepEqual(
      eating.map((a) => ({ ...a })),
      read.map((owned) => ({ ...owned.association })),
      "every field as one association's read gives it",
    );
    const squid = await associations.listByVideoReferenceAndLinkName(video, "eating", "squid");
    t.deepEqual(
      squid.map((a) => a.toConcept),
      [toConcept],
    );
    t.deepEqual(await associations.listByVideoReferenceAndLinkName(video, "other"), []);
    const found = await associations.listConceptAssociations([video], "eating");
    t.deepEqual(found.videoReferenceUuids, [video]);
    t.deepEqual(found.rows.map((row) => [row.concept, row.videoReferenceUuid]).sort(), [
      ["fish", video],
      ["squid", video],
    ]);
    t.deepEqual(await associations.countByToConcept(toConcept), { concept: toConcept, count: 2 });
    const renamed = uniqueName("food");
    t.deepEqual(await associations.renameToConcept(toConcept, renamed), {
      oldConcept: toConcept,
      newConcept: renamed,
      count: 2,
    });
    t.is((await associations.countByToConcept(renamed)).count, 2);
    await rejectsWith(t, associations.listConceptAssociations(["bad"], "eating"), "INVALID_ARGUMENT");
  });
}
