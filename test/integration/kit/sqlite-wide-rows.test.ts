import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import { Entity, type MigrationInterface, PrimaryColumn, QueryFailedError, type QueryRunner } from "typeorm";
import { parseDatabaseUrl } from "../../../services/kit/storage/database-url.js";
import { type DomainStorage, openDomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { selectWideRows } from "../../../services/kit/storage/sqlite-wide-rows.js";
import { createTestDatabase, stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { createPostgresTestDatabase, stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";

@Entity({ name: "kit_wide_probe" })
class WideProbe {
  @PrimaryColumn({ type: "integer" })
  n!: number;
}

class CreateWideProbe implements MigrationInterface {
  name = "CreateWideProbe1764500000000";
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      "CREATE TABLE kit_wide_probe (n INTEGER NOT NULL PRIMARY KEY, label VARCHAR(20) NULL)",
    );
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query("DROP TABLE kit_wide_probe");
  }
}

const sqliteDir = mkdtempSync(join(tmpdir(), "m3-wide-rows-"));
const opened: DomainStorage[] = [];

const ENGINES = ["sqlite", "mysql", "postgres"] as const;

async function databaseUrl(kind: (typeof ENGINES)[number]): Promise<string> {
  if (kind === "mysql") return createTestDatabase();
  if (kind === "postgres") return createPostgresTestDatabase();
  return join(sqliteDir, `${randomUUID()}.sqlite`);
}

async function open(kind: (typeof ENGINES)[number]): Promise<DomainStorage> {
  const url = await databaseUrl(kind);
  const storage = await openDomainStorage({
    target: parseDatabaseUrl(url),
    domain: "kit",
    entities: [WideProbe],
    migrations: { mysql: [CreateWideProbe], postgres: [CreateWideProbe], sqlite: [CreateWideProbe] },
    poolSize: 2,
  });
  opened.push(storage);
  await storage.transaction((manager) =>
    manager.query("INSERT INTO kit_wide_probe (n, label) VALUES (1, 'one'), (2, NULL), (3, 'three')"),
  );
  return storage;
}

test.after.always(async () => {
  await Promise.all(opened.map((storage) => storage.close()));
  rmSync(sqliteDir, { recursive: true, force: true });
  await Promise.all([stopPrivateMariaDb(), stopPrivatePostgres()]);
});

const JOINED = `SELECT a.n AS a_n, a.label AS a_label, b.n AS b_n, b.label AS b_label
  FROM kit_wide_probe a LEFT JOIN kit_wide_probe b ON b.n = a.n + 1 WHERE a.n >= ? ORDER BY a.n`;

for (const kind of ENGINES) {
  test(`${kind}: rows come keyed by column label, nulls and numbers as manager.query returns them`, async (t) => {
    const storage = await open(kind);
    const rows = await storage.read((manager) => selectWideRows(manager, JOINED, [2]));
    t.deepEqual(rows, [
      { a_n: 2, a_label: null, b_n: 3, b_label: "three" },
      { a_n: 3, a_label: "three", b_n: null, b_label: null },
    ]);
    t.deepEqual(await storage.read((manager) => manager.query(JOINED, [2])), rows);
  });

  test(`${kind}: inside a transaction, rows written by it are read`, async (t) => {
    const storage = await open(kind);
    const rows = await storage.transaction(async (manager) => {
      await manager.query("INSERT INTO kit_wide_probe (n, label) VALUES (4, 'four')");
      return selectWideRows(manager, "SELECT n, label FROM kit_wide_probe WHERE n = ?", [4]);
    });
    t.deepEqual(rows, [{ n: 4, label: "four" }]);
  });

  test(`${kind}: a failing statement is a QueryFailedError, as through manager.query`, async (t) => {
    const storage = await open(kind);
    await t.throwsAsync(
      storage.read((manager) => selectWideRows(manager, "SELECT missing FROM kit_wide_probe", [])),
      { instanceOf: QueryFailedError },
    );
  });
}
