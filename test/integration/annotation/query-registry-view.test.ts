import test from "ava";
import { AnnotationsViewSource } from "../../../services/annotation/query/repositories/annotations-view.source.js";
import { TabularQueryRepository } from "../../../services/annotation/query/repositories/tabular-query.repository.js";
import { TabularQueryService } from "../../../services/annotation/query/services/tabular-query.service.js";
import { type DatabaseTarget, parseDatabaseUrl } from "../../../services/kit/storage/database-url.js";
import type { DomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { openRegistryStorage } from "../../../services/registry/registry-domain.js";
import {
  closeAnnotationTestStorages,
  openAnnotationTestStorage,
} from "../../support/annotation/annotation-storage.js";
import { DATASET, seedQueryDataset } from "../../support/annotation/query-dataset.js";
import { createTestDatabase } from "../../support/mariadb.js";

const registries: DomainStorage[] = [];
test.after.always(async () => {
  await Promise.all(registries.map((storage) => storage.close()));
  await closeAnnotationTestStorages();
});

/** A registry database on the same server holding video 1 (sequence "Ventana 100", camera "Ventana"). */
async function registryWithVideo1(): Promise<string> {
  const target = parseDatabaseUrl(await createTestDatabase("m3_registry")) as Extract<
    DatabaseTarget,
    { kind: "mysql" }
  >;
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
  return target.database;
}

async function run(storage: DomainStorage, registrySchema: string | undefined): Promise<string> {
  const service = new TabularQueryService(
    new TabularQueryRepository(storage, new AnnotationsViewSource(storage, registrySchema)),
  );
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

test("with the registry's database configured, the view offers the video's name, camera and start", async (t) => {
  const storage = await openAnnotationTestStorage("mysql");
  await seedQueryDataset(storage);
  const schema = await registryWithVideo1();
  t.is(
    await run(storage, schema),
    "video_reference_uuid\tvideo_name\tcamera_id\tvideo_start_timestamp\tvideo_uri\n" +
      `${DATASET.video1}\tV100 clip\tVentana\t2020-01-01T00:00:00Z\turn:test:v100\n` +
      `${DATASET.video2}\tnull\tnull\tnull\tnull\n`,
  );
});

test("an unreachable registry database leaves the video columns null", async (t) => {
  const storage = await openAnnotationTestStorage("mysql");
  await seedQueryDataset(storage);
  const text = await run(storage, "m3_no_such_registry");
  t.is(text.split("\n")[1], `${DATASET.video1}\tnull\tnull\tnull\tnull`);
});
