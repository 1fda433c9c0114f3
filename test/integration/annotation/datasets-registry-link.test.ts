import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import { openAnnotationStorage } from "../../../services/annotation/annotation-domain.js";
import { createAnnotationsServices } from "../../../services/annotation/annotations/annotations-part.js";
import {
  type DatasetPart,
  DatasetService,
} from "../../../services/annotation/datasets/services/dataset.service.js";
import { FastAnnotationService } from "../../../services/annotation/fast/services/fast-annotation.service.js";
import { createImagedMomentStore } from "../../../services/annotation/moments/services/imaged-moment.store.js";
import { createObservationStore } from "../../../services/annotation/observations/services/observation.store.js";
import type { RegistryLink } from "../../../services/annotation/query/registry-link.js";
import { type DatabaseTarget, parseDatabaseUrl } from "../../../services/kit/storage/database-url.js";
import type { DomainStorage } from "../../../services/kit/storage/domain-storage.js";
import type { MediaView } from "../../../services/registry/entities/registry.views.js";
import { createRegistryServices, openRegistryStorage } from "../../../services/registry/registry-domain.js";
import { createTestDatabase } from "../../../tools/dev/fixtures/mariadb.js";
import {
  annotationTestDatabaseUrl,
  at,
  BACKENDS,
  type Backend,
  closeAnnotationTestStorages,
} from "../../support/annotation/annotation-storage.js";

const opened: DomainStorage[] = [];
const sqliteDir = mkdtempSync(join(tmpdir(), "m3-datasets-link-"));
test.after.always(async () => {
  await Promise.all(opened.map((storage) => storage.close()));
  await closeAnnotationTestStorages();
  rmSync(sqliteDir, { recursive: true, force: true });
});

/**
 * The layouts a deployment links: the registry's own database on the annotation's MySQL server
 * (the chart's), its tables in the annotation's PostgreSQL database, its own SQLite file.
 */
async function linkedRegistry(backend: Backend, annotationUrl: string) {
  const targets: Record<Backend, () => Promise<DatabaseTarget>> = {
    mysql: async () => parseDatabaseUrl(await createTestDatabase("m3_registry")),
    postgres: async () => parseDatabaseUrl(annotationUrl),
    sqlite: async () => ({ kind: "sqlite", file: join(sqliteDir, `registry-${randomUUID()}.sqlite`) }),
  };
  const target = await targets[backend]();
  const storage = await openRegistryStorage(target);
  opened.push(storage);
  const link: RegistryLink =
    target.kind === "sqlite"
      ? { kind: "sqlite-file", file: target.file }
      : { kind: "schema", schema: target.kind === "postgres" ? "public" : target.database };
  return { services: createRegistryServices(storage, 120), link };
}

async function collect(
  parts: AsyncGenerator<DatasetPart>,
): Promise<{ media: string[]; annotations: string[] }> {
  const media: string[] = [];
  const annotations: string[] = [];
  for await (const part of parts) {
    media.push(...part.media.map((item) => item.videoReferenceUuid));
    annotations.push(...part.annotations.map((graph) => graph.observation.observation.uuid));
  }
  return { media, annotations };
}

for (const backend of BACKENDS) {
  test(`${backend}: the datasets read the media from the linked registry and page the dive's annotations video by video`, async (t) => {
    const url = await annotationTestDatabaseUrl(backend);
    const storage = await openAnnotationStorage(parseDatabaseUrl(url));
    opened.push(storage);
    const registry = await linkedRegistry(backend, url);
    const dive = `Doc Ricketts ${randomUUID().slice(0, 8)}`;
    const mediaAt = (start: string, file: string): Promise<MediaView> =>
      registry.services.media.create({
        videoSequenceName: dive,
        cameraId: "Doc Ricketts",
        videoName: `${dive} ${start}`,
        uri: `http://example.org/${randomUUID()}/${file}`,
        start: at(start),
        durationMillis: 60_000,
      });
    const late = await mediaAt("2022-05-01T01:00:00Z", "late.mov");
    const early = await mediaAt("2022-05-01T00:00:00Z", "early.mov");
    const stores = { moments: createImagedMomentStore(), observations: createObservationStore() };
    const { creates } = createAnnotationsServices(storage, stores);
    const annotate = async (media: MediaView, count: number) => {
      const uuids: string[] = [];
      for (let n = 0; n < count; n++) {
        const graph = await creates.create({
          videoReferenceUuid: media.videoReferenceUuid,
          concept: "Sebastolobus",
          observer: "kakani",
          elapsedTimeMillis: 1000 * n,
        });
        uuids.push(graph.observation.observation.uuid);
      }
      return uuids.sort();
    };
    const earlyAnnotations = await annotate(early, 3);
    const lateAnnotations = await annotate(late, 2);
    const datasets = new DatasetService(storage, new FastAnnotationService(storage), registry.link);

    const whole = await collect(datasets.byDive(dive, {}));
    t.deepEqual(whole.media, [early.videoReferenceUuid, late.videoReferenceUuid]);
    t.deepEqual(whole.annotations, [...earlyAnnotations, ...lateAnnotations]);
    t.deepEqual(await collect(datasets.byDive(dive, { limit: 2, offset: 2 })), {
      media: [early.videoReferenceUuid, late.videoReferenceUuid],
      annotations: [earlyAnnotations[2], lateAnnotations[0]],
    });
    t.deepEqual(await collect(datasets.byVideoFile("late.mov", {})), {
      media: [late.videoReferenceUuid],
      annotations: lateAnnotations,
    });
    t.deepEqual(await datasets.countByDive(dive), {
      count: 5,
      annotationCounts: [
        { videoReferenceUuid: early.videoReferenceUuid, count: 3 },
        { videoReferenceUuid: late.videoReferenceUuid, count: 2 },
      ],
    });
    const concept = await collect(datasets.byConcept("Sebastolobus", {}));
    t.deepEqual(concept.media, [early.videoReferenceUuid, late.videoReferenceUuid]);
    t.deepEqual(concept.annotations, [...earlyAnnotations, ...lateAnnotations].sort());

    const [first] = (await datasets.byDive(dive, {}).next()).value?.media ?? [];
    t.like(first, {
      videoSequenceUuid: early.videoSequenceUuid,
      videoUuid: early.videoUuid,
      videoSequenceName: dive,
      cameraId: "Doc Ricketts",
      uri: early.uri,
      durationMillis: 60_000,
      videoName: early.videoName,
    });
    t.true(first?.start.equals(early.start));
  });
}

test("without a registry link, a dataset read fails as unavailable, naming the settings, before it reads anything", async (t) => {
  const storage = {} as DomainStorage;
  const datasets = new DatasetService(storage, new FastAnnotationService(storage), undefined);
  for (const parts of [
    datasets.byDive("a", {}),
    datasets.byVideoFile("a.mov", {}),
    datasets.byConcept("a", {}),
  ]) {
    const error = await t.throwsAsync(parts.next());
    t.like(error, { code: "UNAVAILABLE", reason: "REGISTRY_NOT_LINKED" });
    t.regex(error?.message ?? "", /M3_ANNOTATION_REGISTRY_SCHEMA/);
  }
  await t.throwsAsync(datasets.countByDive("a"), { message: /M3_ANNOTATION_REGISTRY_SQLITE_FILE/ });
});

test("a registry link of the other kind (a SQLite file beside MySQL storage) reads as no link", async (t) => {
  const storage = { dialect: "mysql" } as DomainStorage;
  const link: RegistryLink = { kind: "sqlite-file", file: "/tmp/registry.sqlite" };
  const datasets = new DatasetService(storage, new FastAnnotationService(storage), link);
  await t.throwsAsync(datasets.countByDive("a"), { message: /M3_ANNOTATION_REGISTRY_SCHEMA/ });
});
