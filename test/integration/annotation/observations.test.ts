import test from "ava";
import { createImagedMomentStore } from "../../../services/annotation/moments/services/imaged-moment.store.js";
import { createObservationsServices } from "../../../services/annotation/observations/observations-part.js";
import { createObservationStore } from "../../../services/annotation/observations/services/observation.store.js";
import { uuidV7 } from "../../../services/kit/ids/uuid.js";
import {
  at,
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

async function rejectsWith(t: import("ava").ExecutionContext, promise: Promise<unknown>, code: string) {
  const error = await t.throwsAsync(promise);
  t.is((error as { code?: string } | undefined)?.code, code, error?.message);
}

for (const backend of BACKENDS) {
  test(`${backend}: the observation store inserts graphs and loads them per moment, ordered by UUID`, async (t) => {
    const { storage } = await open(backend);
    const video = uuidV7();
    const seeded = await seedMoment(storage, {
      videoReferenceUuid: video,
      elapsedTimeMillis: 1000,
      observations: [
        { concept: "a", associations: [{ linkName: "eating", toConcept: "b", linkValue: "nil" }] },
        { concept: "b" },
      ],
    });
    const loaded = await storage.read((m) =>
      createObservationStore().loadByMoments(m, [seeded.imagedMomentUuid]),
    );
    const expected = [...seeded.observations]
      .sort((a, b) => (a.observation.uuid < b.observation.uuid ? -1 : 1))
      .map((graph) => [graph.observation.concept, graph.associations.map((a) => a.linkName)]);
    t.deepEqual(
      loaded.map((graph) => [graph.observation.concept, graph.associations.map((a) => a.linkName)]),
      expected,
    );
    t.deepEqual(await storage.read((m) => createObservationStore().loadByMoments(m, [])), []);
  });

  test(`${backend}: update sets the fields given, now as timestamp when absent, and moves to another moment`, async (t) => {
    const { storage, observations } = await open(backend);
    const video = uuidV7();
    const first = await seedMoment(storage, {
      videoReferenceUuid: video,
      elapsedTimeMillis: 1,
      observations: [{ concept: "a", observer: "x", durationMillis: 5 }],
    });
    const other = await seedMoment(storage, {
      videoReferenceUuid: video,
      elapsedTimeMillis: 2,
      observations: [],
    });
    const uuid = firstObservation(first).observation.uuid;
    const before = Date.now();
    const updated = await observations.update(uuid, { concept: "b", activity: "transect", group: "g" });
    t.like(updated.observation, {
      concept: "b",
      observer: "x",
      activity: "transect",
      group: "g",
      durationMillis: 5,
    });
    t.true(updated.observation.observationTimestamp.epochMillis >= before - 1);
    const stamped = await observations.update(uuid, {
      observationTimestamp: at("2020-01-01T00:00:00.123456Z"),
      imagedMomentUuid: other.imagedMomentUuid,
    });
    t.is(stamped.observation.observationTimestamp.toString(), "2020-01-01T00:00:00.123456Z");
    t.is(stamped.observation.imagedMomentUuid, other.imagedMomentUuid);
    await rejectsWith(t, observations.update(uuid, { imagedMomentUuid: uuidV7() }), "NOT_FOUND");
    await rejectsWith(t, observations.update(uuidV7(), { concept: "c" }), "NOT_FOUND");
    await rejectsWith(t, observations.update(uuid, { concept: " " }), "INVALID_ARGUMENT");
    await rejectsWith(t, observations.update(uuid, { observer: "o".repeat(129) }), "INVALID_ARGUMENT");
    await rejectsWith(t, observations.update(uuid, { durationMillis: -1 }), "INVALID_ARGUMENT");
    await rejectsWith(t, observations.update("nope", {}), "INVALID_ARGUMENT");
  });

  test(`${backend}: bulk update sets the same fields on the observations found and counts them`, async (t) => {
    const { storage, observations } = await open(backend);
    const seeded = await seedMoment(storage, {
      videoReferenceUuid: uuidV7(),
      timecode: "00:00:01:00",
      observations: [{ concept: "a" }, { concept: "b" }, { concept: "keep" }],
    });
    const [one, two] = seeded.observations.map((graph) => graph.observation.uuid);
    const count = await observations.updateMany({
      observationUuids: [one ?? "", two ?? "", uuidV7()],
      concept: "c",
      observer: "me",
    });
    t.is(count, 2);
    t.like((await observations.get(one ?? "")).observation, { concept: "c", observer: "me" });
    t.like((await observations.get(two ?? "")).observation, { concept: "c", observer: "me" });
    t.is(await observations.updateMany({ observationUuids: [one ?? ""] }), 0);
    await rejectsWith(t, observations.updateMany({ observationUuids: [], concept: "x" }), "INVALID_ARGUMENT");
  });

  test(`${backend}: delete removes associations and the moment left without observations or images`, async (t) => {
    const { storage, observations } = await open(backend);
    const video = uuidV7();
    const alone = await seedMoment(storage, {
      videoReferenceUuid: video,
      elapsedTimeMillis: 1,
      observations: [{ concept: "a", associations: [{ linkName: "l", toConcept: "t", linkValue: "v" }] }],
    });
    const imaged = await seedMoment(storage, {
      videoReferenceUuid: video,
      elapsedTimeMillis: 2,
      observations: [{ concept: "b" }],
      imageUrls: [`http://example.org/${uniqueName("img")}.png`],
    });
    const shared = await seedMoment(storage, {
      videoReferenceUuid: video,
      elapsedTimeMillis: 3,
      observations: [{ concept: "c" }, { concept: "d" }],
    });
    await observations.delete(firstObservation(alone).observation.uuid);
    t.is(await countRows(storage, "associations"), 0);
    await observations.deleteMany([
      firstObservation(imaged).observation.uuid,
      firstObservation(shared).observation.uuid,
      uuidV7(),
    ]);
    const moments: { uuid: string }[] = await storage.read((m) =>
      m.query("SELECT uuid FROM imaged_moments ORDER BY uuid"),
    );
    t.deepEqual(
      moments.map((row) => row.uuid),
      [imaged.imagedMomentUuid, shared.imagedMomentUuid].sort(),
    );
    t.is(await countRows(storage, "observations"), 1);
    await rejectsWith(t, observations.delete(firstObservation(alone).observation.uuid), "NOT_FOUND");
    await rejectsWith(t, observations.deleteMany([]), "INVALID_ARGUMENT");
  });

  test(`${backend}: delete duration clears it; get by association finds the owner`, async (t) => {
    const { storage, observations } = await open(backend);
    const seeded = await seedMoment(storage, {
      videoReferenceUuid: uuidV7(),
      observations: [
        {
          concept: "a",
          durationMillis: 10,
          associations: [{ linkName: "l", toConcept: "t", linkValue: "v" }],
        },
      ],
    });
    const graph = firstObservation(seeded);
    t.is((await observations.deleteDuration(graph.observation.uuid)).observation.durationMillis, null);
    const owner = await observations.getByAssociation(graph.associations[0]?.uuid ?? "");
    t.is(owner.observation.uuid, graph.observation.uuid);
    t.is(owner.associations.length, 1);
    await rejectsWith(t, observations.getByAssociation(uuidV7()), "NOT_FOUND");
    await rejectsWith(t, observations.deleteDuration(uuidV7()), "NOT_FOUND");
  });

  test(`${backend}: list by video reference pages in UUID order`, async (t) => {
    const { storage, observations } = await open(backend);
    const video = uuidV7();
    const seeded = await seedMoment(storage, {
      videoReferenceUuid: video,
      elapsedTimeMillis: 1,
      observations: [{ concept: "a" }, { concept: "b" }, { concept: "c" }],
    });
    await seedMoment(storage, {
      videoReferenceUuid: uuidV7(),
      elapsedTimeMillis: 1,
      observations: [{ concept: "x" }],
    });
    const all = seeded.observations.map((graph) => graph.observation.uuid).sort();
    const listed = await observations.listByVideoReference(video, {});
    t.deepEqual(
      listed.map((graph) => graph.observation.uuid),
      all,
    );
    const page = await observations.listByVideoReference(video, { limit: 1, offset: 1 });
    t.deepEqual(
      page.map((graph) => graph.observation.uuid),
      all.slice(1, 2),
    );
    await rejectsWith(t, observations.listByVideoReference(video, { limit: -1 }), "INVALID_ARGUMENT");
  });

  test(`${backend}: observations of a concept with images count once each, however many images their moment has`, async (t) => {
    const { storage, queries } = await open(backend);
    const concept = uniqueName("squid");
    const video = uuidV7();
    await seedMoment(storage, {
      videoReferenceUuid: video,
      elapsedTimeMillis: 1,
      observations: [{ concept }, { concept }, { concept: "fish" }],
      imageUrls: [1, 2, 3].map(() => `http://example.org/${uniqueName("img")}.png`),
    });
    await seedMoment(storage, {
      videoReferenceUuid: video,
      elapsedTimeMillis: 2,
      observations: [{ concept }],
    });
    t.deepEqual(await queries.countWithImagesByConcept(concept), { concept, count: 2 });
  });

  test(`${backend}: distinct lists, counts and the concept rename`, async (t) => {
    const { storage, queries } = await open(backend);
    const video = uuidV7();
    const empty = uuidV7();
    const concept = uniqueName("squid");
    await seedMoment(storage, {
      videoReferenceUuid: video,
      recordedTimestamp: at("2024-01-01T00:00:00Z"),
      observations: [
        { concept, activity: "transect", group: "ROV" },
        { concept: "fish", activity: "descent" },
      ],
      imageUrls: [`http://example.org/${uniqueName("img")}.png`],
    });
    await seedMoment(storage, {
      videoReferenceUuid: video,
      recordedTimestamp: at("2024-01-02T00:00:00Z"),
      observations: [{ concept }, {}],
    });
    await seedMoment(storage, { videoReferenceUuid: empty, elapsedTimeMillis: 1, observations: [] });
    t.deepEqual(await queries.listActivities(), ["descent", "transect"]);
    t.deepEqual(await queries.listGroups(), ["ROV"]);
    t.deepEqual(await queries.listConcepts(), ["fish", concept].sort());
    t.deepEqual(await queries.listConceptsByVideoReference(video), ["fish", concept].sort());
    t.deepEqual(await queries.countByConcept(concept), { concept, count: 2 });
    t.deepEqual(await queries.countWithImagesByConcept(concept), { concept, count: 1 });
    t.is((await queries.countByVideoReference(video)).count, 4);
    t.is(
      (await queries.countByVideoReference(video, at("2024-01-01T12:00:00Z"), at("2024-01-03T00:00:00Z")))
        .count,
      2,
    );
    t.is((await queries.countByVideoReference(video, at("2024-01-01T12:00:00Z"))).count, 4);
    t.is((await queries.countByVideoReference(uuidV7())).count, 0);
    const counts = await queries.countsPerVideoReference();
    t.deepEqual(
      counts,
      [
        { videoReferenceUuid: video, count: 4 },
        { videoReferenceUuid: empty, count: 0 },
      ].sort((a, b) => (a.videoReferenceUuid < b.videoReferenceUuid ? -1 : 1)),
    );
    const renamed = uniqueName("octopus");
    t.deepEqual(await queries.renameConcept(concept, renamed), {
      oldConcept: concept,
      newConcept: renamed,
      count: 2,
    });
    t.is((await queries.countByConcept(concept)).count, 0);
    await rejectsWith(t, queries.renameConcept("", "x"), "INVALID_ARGUMENT");
  });
}
