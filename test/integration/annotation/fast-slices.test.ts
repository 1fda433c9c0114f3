import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import { QueryConstraints } from "../../../proto/gen/m3/annotation/v1/fast_query_constraints.js";
import type { QueryFastAnnotationsResponse } from "../../../proto/gen/m3/annotation/v1/fast_query_service.js";
import { openAnnotationStorage } from "../../../services/annotation/annotation-domain.js";
import { fastQueryHandlers } from "../../../services/annotation/fast/handlers/fast-query.handlers.js";
import { FastAnnotationRepository } from "../../../services/annotation/fast/repositories/fast-annotation.repository.js";
import type { AnnotationSlices } from "../../../services/annotation/fast/repositories/fast-annotation.stream.js";
import { FastAnnotationService } from "../../../services/annotation/fast/services/fast-annotation.service.js";
import { FastMediaService } from "../../../services/annotation/fast/services/fast-media.service.js";
import { parseDatabaseUrl } from "../../../services/kit/storage/database-url.js";
import type { DomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { createTestDatabase, stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { createPostgresTestDatabase, stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";
import { seedVideo } from "../../support/annotation/fast-seed.js";

const BACKENDS = ["mysql", "postgres", "sqlite"] as const;
type Backend = (typeof BACKENDS)[number];
const sqliteDir = mkdtempSync(join(tmpdir(), "m3-fast-it-"));
const storages = new Map<Backend, DomainStorage>();

test.before(async () => {
  storages.set(
    "mysql",
    await openAnnotationStorage(parseDatabaseUrl(await createTestDatabase("m3_fast_it"))),
  );
  storages.set(
    "postgres",
    await openAnnotationStorage(parseDatabaseUrl(await createPostgresTestDatabase("m3_fast_it"))),
  );
  storages.set(
    "sqlite",
    await openAnnotationStorage(parseDatabaseUrl(join(sqliteDir, `${randomUUID()}.sqlite`))),
  );
});

test.after.always(async () => {
  await Promise.all([...storages.values()].map((storage) => storage.close()));
  rmSync(sqliteDir, { recursive: true, force: true });
  await Promise.all([stopPrivateMariaDb(), stopPrivatePostgres()]);
});

function storageOf(backend: Backend): DomainStorage {
  const storage = storages.get(backend);
  if (!storage) throw new Error(`no ${backend} storage`);
  return storage;
}

/** Every slice, in order, as one list. */
async function collect(slices: AnnotationSlices) {
  const all = [];
  for await (const slice of slices) all.push(...slice);
  return all;
}

const uuidsOf = (annotations: { observation: { observation: { uuid: string } } }[]) =>
  annotations.map((annotation) => annotation.observation.observation.uuid);

for (const backend of BACKENDS) {
  test(`${backend}: one streamed statement is completed slice by slice, paging losing and repeating nothing`, async (t) => {
    const storage = storageOf(backend);
    const { video, observations } = await seedVideo(storage, 23, ["A", "B"]);
    const sliced = new FastAnnotationService(storage, 4);
    const page = { data: false };
    t.deepEqual(uuidsOf(await collect(sliced.byVideo(video, page))), observations);
    t.deepEqual(
      uuidsOf(await collect(sliced.byVideo(video, { ...page, limit: 9, offset: 5 }))),
      observations.slice(5, 14),
    );
    t.deepEqual(
      uuidsOf(await collect(sliced.byVideo(video, { ...page, offset: 21 }))),
      observations.slice(21),
    );
    t.deepEqual(uuidsOf(await collect(sliced.byVideo(video, { ...page, limit: 0 }))), []);
    const sizes: number[] = [];
    for await (const slice of sliced.byVideo(video, { ...page, limit: 10 })) sizes.push(slice.length);
    t.deepEqual(sizes, [4, 4, 2]);
  });

  test(`${backend}: POST /v1/fast streams one message per slice, the first echoing the constraints`, async (t) => {
    const storage = storageOf(backend);
    const { video, observations } = await seedVideo(storage, 11, ["A"]);
    const handlers = fastQueryHandlers({
      annotations: new FastAnnotationService(storage, 4),
      media: new FastMediaService(storage),
    });
    const constraints = QueryConstraints.fromPartial({ videoReferenceUuids: [video], limit: 10 });
    const call = (request: QueryConstraints) =>
      handlers.queryFastAnnotations({ constraints: request }, {
        signal: new AbortController().signal,
      } as never) as AsyncGenerator<QueryFastAnnotationsResponse>;
    const messages: QueryFastAnnotationsResponse[] = [];
    for await (const message of call(constraints)) messages.push(message);
    t.deepEqual(
      messages.map((message) => message.content.length),
      [4, 4, 2],
    );
    t.deepEqual(messages[0]?.queryConstraints, constraints);
    t.true(messages.slice(1).every((message) => message.queryConstraints === undefined));
    t.deepEqual(
      messages.flatMap((message) => message.content.map((annotation) => annotation.observationUuid)),
      observations.slice(0, 10),
    );
    const otherVideo = randomUUID();
    const none: QueryFastAnnotationsResponse[] = [];
    for await (const message of call({ ...constraints, videoReferenceUuids: [otherVideo] }))
      none.push(message);
    t.is(none.length, 1, "no match: one message with the constraints and no annotation");
    t.deepEqual(none[0]?.content, []);
    t.deepEqual(none[0]?.queryConstraints?.videoReferenceUuids, [otherVideo]);
  });

  test(`${backend}: an aborted signal kills the statement and ends the slices with an AbortError`, async (t) => {
    const storage = storageOf(backend);
    const { video } = await seedVideo(storage, 10, ["A"]);
    const controller = new AbortController();
    const slices = new FastAnnotationService(storage, 3).byVideo(video, { data: false }, controller.signal);
    const first = await slices.next();
    t.is(first.value?.length, 3);
    controller.abort();
    const outcome = await slices.next().then(
      () => "read on",
      (reason: { name?: string }) => reason.name,
    );
    t.is(outcome, "AbortError");
  });

  test(`${backend}: a concept constraint matches the observation's concept or an association's to_concept`, async (t) => {
    const storage = storageOf(backend);
    const concept = `C-${randomUUID()}`;
    const { video } = await seedVideo(storage, 12, [concept, "Other"]);
    const service = new FastAnnotationService(storage, 5);
    const constraints = {
      videoReferenceUuids: [video],
      concepts: [concept, "Target"],
      observers: [],
      groups: [],
      activities: [],
      missionContacts: [],
      minTimestamp: undefined,
      maxTimestamp: undefined,
    };
    const found = await collect(service.query(constraints));
    t.is(found.length, 8, "6 of the concept + 2 'Other' pointing to Target");
    t.is(await service.count(constraints), 8);
  });

  test(`${backend}: the whole-video delete leaves other videos alone`, async (t) => {
    const storage = storageOf(backend);
    const doomed = await seedVideo(storage, 6, ["A"]);
    const kept = await seedVideo(storage, 2, ["A"]);
    const result = await new FastMediaService(storage).deleteVideo(doomed.video);
    t.like(result, {
      imagedMoments: 6,
      observations: 6,
      associations: 2,
      imageReferences: 0,
      ancillaryData: 0,
    });
    t.is(result.errorMessage, undefined);
    const remaining = await storage.read((manager) =>
      new FastAnnotationRepository(manager).count({ videoReferenceUuids: [doomed.video, kept.video] }),
    );
    t.is(remaining, 2);
  });
}

test("mysql: the concept query reads through indexes, never scanning observations or associations", async (t) => {
  const storage = storageOf("mysql");
  await seedVideo(storage, 300, ["A", "B", "C"]);
  const plan: { table: string; type: string; key: string | null }[] = await storage.read((manager) =>
    manager.query(
      `EXPLAIN SELECT o.uuid FROM (SELECT uuid AS observation_uuid FROM observations WHERE concept IN (?)
         UNION SELECT observation_uuid FROM associations WHERE to_concept IN (?)) c
       JOIN observations o ON o.uuid = c.observation_uuid JOIN imaged_moments im ON im.uuid = o.imaged_moment_uuid
       ORDER BY o.uuid LIMIT 10`,
      ["A", "A"],
    ),
  );
  const scans = plan.filter((row) => row.type === "ALL" && !String(row.table).startsWith("<"));
  t.deepEqual(scans, [], JSON.stringify(plan));
});
