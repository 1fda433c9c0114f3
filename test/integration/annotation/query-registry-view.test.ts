import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import { openAnnotationStorage } from "../../../services/annotation/annotation-domain.js";
import type { RegistryLink } from "../../../services/annotation/query/registry-link.js";
import { AnnotationsViewSource } from "../../../services/annotation/query/repositories/annotations-view.source.js";
import { TabularQueryRepository } from "../../../services/annotation/query/repositories/tabular-query.repository.js";
import { TabularQueryService } from "../../../services/annotation/query/services/tabular-query.service.js";
import { type DatabaseTarget, parseDatabaseUrl } from "../../../services/kit/storage/database-url.js";
import type { DomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { openRegistryStorage } from "../../../services/registry/registry-domain.js";
import { createTestDatabase } from "../../../tools/dev/fixtures/mariadb.js";
import {
  annotationTestDatabaseUrl,
  BACKENDS,
  type Backend,
  closeAnnotationTestStorages,
  openAnnotationTestStorage,
} from "../../support/annotation/annotation-storage.js";
import { DATASET, seedQueryDataset } from "../../support/annotation/query-dataset.js";

/** The storages this file opens itself, closed after its tests. */
const registries: DomainStorage[] = [];
const sqliteDir = mkdtempSync(join(tmpdir(), "m3-registry-link-"));
test.after.always(async () => {
  await Promise.all(registries.map((storage) => storage.close()));
  await closeAnnotationTestStorages();
  rmSync(sqliteDir, { recursive: true, force: true });
});

/** A fresh annotation database and its URL (PostgreSQL's registry joins it there). */
async function annotationDatabase(backend: Backend): Promise<{ storage: DomainStorage; url: string }> {
  const url = await annotationTestDatabaseUrl(backend);
  const storage = await openAnnotationStorage(parseDatabaseUrl(url));
  registries.push(storage);
  return { storage, url };
}

/**
 * A registry holding video 1 (sequence "Ventana 100", camera "Ventana"): a database on the
 * same MySQL server, the annotation's own PostgreSQL database (a query reads no other), or a
 * SQLite file.
 */
async function registryWithVideo1(kind: Backend, annotationUrl: string): Promise<RegistryLink> {
  const targets: Record<Backend, () => Promise<DatabaseTarget>> = {
    mysql: async () => parseDatabaseUrl(await createTestDatabase("m3_registry")),
    postgres: async () => parseDatabaseUrl(annotationUrl),
    sqlite: async () => ({ kind: "sqlite", file: join(sqliteDir, `registry-${randomUUID()}.sqlite`) }),
  };
  const target = await targets[kind]();
  const registry = await openRegistryStorage(target);
  registries.push(registry);
  const now = "2024-05-01 00:00:00.000000";
  await registry.transaction(async (manager) => {
    await manager.query(
      "INSERT INTO video_sequences (uuid, name, camera_id, last_updated_time) VALUES ('01900000-0000-7000-8000-0000000000c1', 'Ventana 100', 'Ventana', ?)",
      [now],
    );
    await manager.query(
      `INSERT INTO videos (uuid, video_sequence_uuid, name, start_time, duration_millis, last_updated_time)
       VALUES ('01900000-0000-7000-8000-0000000000b1', '01900000-0000-7000-8000-0000000000c1', 'V100 clip', '2020-01-01 00:00:00.000000', 60000, ?)`,
      [now],
    );
    await manager.query(
      `INSERT INTO video_references (uuid, video_uuid, uri, last_updated_time)
       VALUES (?, '01900000-0000-7000-8000-0000000000b1', 'urn:test:v100', ?)`,
      [DATASET.video1, now],
    );
  });
  if (target.kind === "sqlite") return { kind: "sqlite-file", file: target.file };
  return { kind: "schema", schema: target.kind === "postgres" ? "public" : target.database };
}

function serviceOver(storage: DomainStorage, registry: RegistryLink | undefined): TabularQueryService {
  return new TabularQueryService(
    new TabularQueryRepository(storage, new AnnotationsViewSource(storage, registry)),
  );
}

async function run(storage: DomainStorage, registry: RegistryLink | undefined): Promise<string> {
  const service = serviceOver(storage, registry);
  const chunks: Buffer[] = [];
  const request = {
    select: ["video_reference_uuid", "video_name", "camera_id", "video_start_timestamp", "video_uri"],
    distinct: true,
    where: [],
    orderBy: ["video_reference_uuid"],
  };
  for await (const chunk of service.run(request, new AbortController().signal)) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

for (const backend of BACKENDS) {
  test(`${backend}: with the registry linked, the view offers the video's name, camera and start`, async (t) => {
    const { storage, url } = await annotationDatabase(backend);
    await seedQueryDataset(storage);
    const registry = await registryWithVideo1(backend, url);
    t.is(
      await run(storage, registry),
      "video_reference_uuid\tvideo_name\tcamera_id\tvideo_start_timestamp\tvideo_uri\n" +
        `${DATASET.video1}\tV100 clip\tVentana\t2020-01-01T00:00:00Z\turn:test:v100\n` +
        `${DATASET.video2}\tnull\tnull\tnull\tnull\n`,
    );
    const service = serviceOver(storage, registry);
    t.true((await service.columns()).every((listed) => listed.unavailableReason === undefined));
    t.is(
      await service.count({
        select: [],
        where: [{ column: "camera_id", equals: "Ventana", in: [], between: [], minmax: [] }],
        orderBy: [],
      }),
      4,
    );
  });
}

test("sqlite: the attached registry is read-only and the annotation database stays writable", async (t) => {
  const { storage, url } = await annotationDatabase("sqlite");
  await seedQueryDataset(storage);
  const registry = await registryWithVideo1("sqlite", url);
  await run(storage, registry);
  const before = await storage.read((manager) => manager.query("PRAGMA database_list"));
  t.false(JSON.stringify(before).includes("registry"), "the shared connection attaches nothing");
  await storage.transaction((manager) =>
    manager.query("UPDATE observations SET observer = observer WHERE concept = 'Nanomia'"),
  );
  t.pass();
});

test("an unreachable registry leaves the video columns null and marks them unavailable", async (t) => {
  for (const [backend, registry] of [
    ["mysql", { kind: "schema", schema: "m3_no_such_registry" }],
    ["postgres", { kind: "schema", schema: "m3_no_such_registry" }],
    ["sqlite", { kind: "sqlite-file", file: join(sqliteDir, "missing.sqlite") }],
  ] as const) {
    const storage = await openAnnotationTestStorage(backend);
    await seedQueryDataset(storage);
    const text = await run(storage, registry);
    t.is(text.split("\n")[1], `${DATASET.video1}\tnull\tnull\tnull\tnull`, backend);
    const columns = await serviceOver(storage, registry).columns();
    const unavailable = columns.filter((listed) => listed.unavailableReason !== undefined);
    t.true(unavailable.length > 0 && unavailable.every((listed) => listed.column.fromRegistry), backend);
    t.true(
      unavailable.some((listed) => listed.column.name === "video_sequence_name"),
      backend,
    );
  }
  t.false(
    (await import("node:fs")).existsSync(join(sqliteDir, "missing.sqlite")),
    "a missing file is not created",
  );
});
