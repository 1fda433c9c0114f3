/**
 * Box queries and review actions on MariaDB, PostgreSQL and SQLite: filters through the box
 * index, relabel / verify / delete in one transaction each, undone once; unknown UUIDs change
 * nothing; the verifier is the token's user.
 */
import test from "ava";
import type { ConceptTree } from "../../../../services/annotation/boxes/kb-concepts.js";
import { signedInUser } from "../../../../services/annotation/boxes/services/box-actor.rules.js";
import { BoxQueryService } from "../../../../services/annotation/boxes/services/box-query.service.js";
import { BoxReviewService } from "../../../../services/annotation/boxes/services/box-review.service.js";
import { uuidV7 } from "../../../../services/kit/ids/uuid.js";
import type { DomainStorage } from "../../../../services/kit/storage/domain-storage.js";
import {
  BACKENDS,
  closeAnnotationTestStorages,
  openAnnotationTestStorage,
} from "../../../support/annotation/annotation-storage.js";
import { seedMoment } from "../../../support/annotation/observation-fixtures.js";

test.after.always(closeAnnotationTestStorages);

function box(fields: Record<string, unknown>) {
  return {
    linkName: "bounding box",
    toConcept: "self",
    mimeType: "application/json",
    linkValue: JSON.stringify({ x: 1, y: 2, width: 3, height: 4, ...fields }),
  };
}

/** Two videos: Aegina boxes by a detector and by a person (one verified), a Nanomia box. */
async function seed(storage: DomainStorage) {
  const [first, second] = [uuidV7(), uuidV7()];
  const a = await seedMoment(storage, {
    videoReferenceUuid: first,
    elapsedTimeMillis: 2000,
    imageUrls: [`http://images.example/${uuidV7()}.png`],
    observations: [
      { concept: "Aegina", associations: [box({ generator: "yolo" }), box({ generator: "yolo" })] },
    ],
  });
  const b = await seedMoment(storage, {
    videoReferenceUuid: first,
    elapsedTimeMillis: 1000,
    observations: [
      { concept: "Aegina", associations: [box({ generator: "vars-localize", verifier: "kyle" })] },
    ],
  });
  const c = await seedMoment(storage, {
    videoReferenceUuid: second,
    elapsedTimeMillis: 1,
    observations: [{ concept: "Nanomia", associations: [box({ generator: "yolo" })] }],
  });
  const uuidsOf = (moment: typeof a) => moment.observations.flatMap((o) => o.associations.map((x) => x.uuid));
  return {
    first,
    second,
    a: uuidsOf(a),
    b: uuidsOf(b),
    c: uuidsOf(c),
    observationOfA: a.observations[0]?.observation.uuid,
  };
}

const NO_FILTER = { concept: [] as string[] };

/** A kb of three concepts: Cnidaria > Aegina, and Nanomia beside them. */
const KB: ConceptTree = {
  taxa: async (name) =>
    ({ Cnidaria: ["Aegina", "Cnidaria"], Aegina: ["Aegina"], Nanomia: ["Nanomia"] })[name],
  close: () => undefined,
};

for (const backend of BACKENDS) {
  test(`${backend}: boxes are found by concept, video, verified and generator, ordered by video and time`, async (t) => {
    const storage = await openAnnotationTestStorage(backend);
    const fx = await seed(storage);
    const queries = new BoxQueryService(storage);
    const uuids = async (input: Parameters<BoxQueryService["list"]>[0]) =>
      (await queries.list(input)).map((row) => row.associationUuid);
    const aegina = await queries.list({ concept: ["Aegina"], videoReferenceUuid: fx.first });
    t.deepEqual(
      aegina.map((row) => row.associationUuid),
      [...fx.b, ...[...fx.a].sort()],
    );
    t.like(aegina[0], { concept: "Aegina", x: 1, width: 3, verifier: "kyle", elapsedTimeMillis: 1000 });
    t.deepEqual(await uuids({ ...NO_FILTER, verified: true, videoReferenceUuid: fx.first }), fx.b);
    t.deepEqual(
      (await uuids({ concept: ["Aegina", "Nanomia"], generator: "yolo", verified: false })).length,
      3,
    );
    t.deepEqual(await uuids({ concept: ["Nanomia"], videoReferenceUuid: fx.second }), fx.c);
    t.deepEqual(await uuids({ concept: ["Aegina"], videoReferenceUuid: fx.first, limit: 1, offset: 1 }), [
      [...fx.a].sort()[0],
    ]);
    await t.throwsAsync(queries.list({ ...NO_FILTER, limit: 10_001 }), { message: /limit/ });
    await t.throwsAsync(queries.list({ ...NO_FILTER, dive: "Doc Ricketts 1234" }), { message: /registry/ });
  });

  test(`${backend}: relabel, verify and delete act on many boxes at once and are undone once`, async (t) => {
    const storage = await openAnnotationTestStorage(backend);
    const fx = await seed(storage);
    const queries = new BoxQueryService(storage);
    const reviews = new BoxReviewService(storage);
    const concepts = async () =>
      (await queries.list(NO_FILTER)).map((row) => [row.associationUuid, row.concept, row.verifier]);
    const start = await concepts();

    const relabel = await reviews.relabel([...fx.a, ...fx.c], "Bathochordaeus", "brian");
    t.like(relabel, { kind: "RELABEL", actor: "brian", changed: 2 });
    t.is((await queries.list({ concept: ["Bathochordaeus"] })).length, 3);

    const verify = await reviews.verify(fx.c, signedInUser({ name: "lonny" }));
    t.is((await queries.list({ ...NO_FILTER, verified: true })).length, 2);
    const removed = await reviews.delete(fx.a, "brian");
    t.is(removed.changed, 2);
    t.is((await queries.list(NO_FILTER)).length, 2);

    await reviews.undo(removed.uuid);
    await reviews.undo(verify.uuid);
    const undone = await reviews.undo(relabel.uuid);
    t.truthy(undone.undoneMillis);
    t.deepEqual(await concepts(), start);
    await t.throwsAsync(reviews.undo(relabel.uuid), { message: /undone already/ });
  });

  test(`${backend}: an unknown box, a missing concept or a token without a user changes nothing`, async (t) => {
    const storage = await openAnnotationTestStorage(backend);
    const fx = await seed(storage);
    const queries = new BoxQueryService(storage);
    const reviews = new BoxReviewService(storage);
    const before = await queries.list(NO_FILTER);
    const error = await t.throwsAsync(reviews.relabel([...fx.a, uuidV7()], "Bathochordaeus", "brian"));
    t.is((error as { code?: string }).code, "NOT_FOUND");
    t.regex(error?.message ?? "", /1 of the 3 association UUIDs are not boxes/);
    await t.throwsAsync(reviews.delete([fx.observationOfA as string], "brian"), { message: /not boxes/ });
    await t.throwsAsync(reviews.relabel(fx.a, " ", "brian"), { message: /concept is required/ });
    await t.throwsAsync(reviews.verify([], "brian"), { message: /association_uuids is required/ });
    t.throws(() => signedInUser({ iss: "m3" }), { message: /signed-in user/ });
    t.deepEqual(await queries.list(NO_FILTER), before);
  });

  test(`${backend}: descendants come from the kb; a relabel to a concept the kb lacks is refused`, async (t) => {
    const storage = await openAnnotationTestStorage(backend);
    const fx = await seed(storage);
    const queries = new BoxQueryService(storage, undefined, KB);
    const cnidaria = await queries.list({ concept: ["Cnidaria"], descendants: true });
    t.deepEqual(
      cnidaria.map((row) => row.concept),
      ["Aegina", "Aegina", "Aegina"],
    );
    t.is((await queries.list({ concept: ["Cnidaria"] })).length, 0);
    await t.throwsAsync(queries.list({ ...NO_FILTER, descendants: true }), {
      message: /descendants needs a concept/,
    });
    await t.throwsAsync(new BoxQueryService(storage).list({ concept: ["Cnidaria"], descendants: true }), {
      message: /M3_KB_GRPC_ADDRESS/,
    });
    const reviews = new BoxReviewService(storage, KB);
    await t.throwsAsync(reviews.relabel(fx.c, "Nessie", "brian"), {
      message: "The kb has no concept named Nessie",
    });
    t.like(await reviews.relabel(fx.c, "Aegina", "brian"), { changed: 1 });
  });
}
