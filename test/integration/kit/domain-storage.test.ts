import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import Database from "better-sqlite3";
import { Entity, type MigrationInterface, PrimaryColumn, type QueryRunner } from "typeorm";
import { DomainError } from "../../../services/kit/errors/domain-error.js";
import { parseDatabaseUrl } from "../../../services/kit/storage/database-url.js";
import { type DomainStorage, openDomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { InstantColumn } from "../../../services/kit/storage/instant-column.js";
import { Instant } from "../../../services/kit/time/instant.js";
import { createTestDatabase, stopPrivateMariaDb } from "../../support/mariadb.js";

@Entity({ name: "kit_probe" })
class Probe {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id!: string;

  @InstantColumn({ name: "observed_at" })
  observedAt!: Instant;
}

class CreateProbeMysql implements MigrationInterface {
  name = "CreateProbe1763790000000";
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      "CREATE TABLE kit_probe (id VARCHAR(36) NOT NULL PRIMARY KEY, observed_at DATETIME(6) NOT NULL) ENGINE=InnoDB",
    );
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP TABLE kit_probe");
  }
}

class CreateProbeSqlite implements MigrationInterface {
  name = "CreateProbe1763790000000";
  async up(runner: QueryRunner): Promise<void> {
    await runner.query("CREATE TABLE kit_probe (id TEXT NOT NULL PRIMARY KEY, observed_at TEXT NOT NULL)");
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP TABLE kit_probe");
  }
}

class FailingSqlite implements MigrationInterface {
  name = "Failing1763790000001";
  async up(runner: QueryRunner): Promise<void> {
    await runner.query("CREATE TABLE kit_probe (id TEXT)");
  }
  async down(): Promise<void> {}
}

const sqliteDir = mkdtempSync(join(tmpdir(), "m3-kit-sqlite-"));
const opened: DomainStorage[] = [];

async function open(kind: "mysql" | "sqlite"): Promise<DomainStorage> {
  const url = kind === "mysql" ? await createTestDatabase() : join(sqliteDir, `${randomUUID()}.sqlite`);
  const storage = await openDomainStorage({
    target: parseDatabaseUrl(url),
    domain: "kit",
    entities: [Probe],
    migrations: { mysql: [CreateProbeMysql], sqlite: [CreateProbeSqlite] },
  });
  opened.push(storage);
  return storage;
}

test.after.always(async () => {
  await Promise.all(opened.map((storage) => storage.close()));
  rmSync(sqliteDir, { recursive: true, force: true });
  await stopPrivateMariaDb();
});

test("sqlite: a failed migration on first start leaves none applied", async (t) => {
  const file = join(sqliteDir, `${randomUUID()}.sqlite`);
  await t.throwsAsync(
    openDomainStorage({
      target: parseDatabaseUrl(file),
      domain: "kit",
      entities: [Probe],
      migrations: { mysql: [], sqlite: [CreateProbeSqlite, FailingSqlite] },
    }),
  );
  const database = new Database(file, { readonly: true });
  t.teardown(() => database.close());
  const tables = database.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
  t.false(tables.includes("kit_probe"));
  t.deepEqual(database.prepare("SELECT name FROM kit_migrations").all(), []);
});

for (const kind of ["mysql", "sqlite"] as const) {
  test(`${kind}: timestamps keep their microseconds through a write and a read`, async (t) => {
    const storage = await open(kind);
    const observedAt = Instant.parse("2021-03-04T05:06:07.123456Z");
    await storage.transaction((manager) => manager.save(Probe, { id: "a", observedAt }));
    const found = await storage.read((manager) => manager.findOneByOrFail(Probe, { id: "a" }));
    t.is(found.observedAt.toString(), "2021-03-04T05:06:07.123456Z");
  });

  test(`${kind}: a failed transaction writes nothing`, async (t) => {
    const storage = await open(kind);
    await t.throwsAsync(
      storage.transaction(async (manager) => {
        await manager.save(Probe, { id: "b", observedAt: Instant.now() });
        throw new Error("boom");
      }),
      { message: "boom" },
    );
    t.is(await storage.read((manager) => manager.countBy(Probe, { id: "b" })), 0);
  });

  test(`${kind}: a duplicate key becomes ALREADY_EXISTS, not an internal error`, async (t) => {
    const storage = await open(kind);
    await storage.transaction((manager) => manager.insert(Probe, { id: "c", observedAt: Instant.now() }));
    const error = await t.throwsAsync(
      storage.transaction((manager) => manager.insert(Probe, { id: "c", observedAt: Instant.now() })),
    );
    t.true(error instanceof DomainError);
    t.is((error as DomainError).code, "ALREADY_EXISTS");
  });

  test(`${kind}: concurrent transactions all commit`, async (t) => {
    const storage = await open(kind);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        storage.transaction(async (manager) => {
          await manager.insert(Probe, { id: `p${i}`, observedAt: Instant.now() });
          await manager.count(Probe);
        }),
      ),
    );
    t.is(await storage.read((manager) => manager.count(Probe)), 20);
  });
}

test("sqlite: a read nested in a transaction runs at once instead of waiting for the transaction's lock", async (t) => {
  const storage = await open("sqlite");
  const count = await storage.transaction(async (manager) => {
    await manager.insert(Probe, { id: "nested", observedAt: Instant.now() });
    return storage.read((reader) => reader.countBy(Probe, { id: "nested" }));
  });
  t.is(count, 1);
});

for (const kind of ["mysql", "sqlite"] as const) {
  test(`${kind}: a transaction opened inside another fails clearly instead of hanging`, async (t) => {
    const storage = await open(kind);
    await t.throwsAsync(
      storage.transaction(() => storage.transaction(async () => "inner")),
      { message: /inside another unit of work/ },
    );
  });
}
