/**
 * A table the import loads empty has its plain indexes and foreign keys set aside and made again
 * once its rows are in: every engine ends with the definitions it had, a run interrupted in
 * between is mended by the next import, and rows whose parent is missing are deleted and
 * reported before a foreign key comes back.
 */
import test from "ava";
import type { DomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { importLegacy } from "../../../tools/m3/import/import-legacy.js";
import { SET_ASIDE_FROM_ROWS } from "../../../tools/m3/import/merge/table-merge.service.js";
import { firstIndexedColumn } from "../../../tools/m3/import/target/set-aside/set-aside-definitions.js";
import {
  SET_ASIDE_TABLE,
  SetAsideIndexesRepository,
} from "../../../tools/m3/import/target/set-aside/set-aside-indexes.repository.js";
import { openDomainStorageAt } from "../../../tools/m3/migrate/migrate.js";
import { cleanUp, freshLegacySite, freshTarget, TARGETS } from "./import-support.js";

test.after.always(cleanUp);

/** A table's indexes and foreign keys as the engine prints them, one line each, sorted. */
async function definitionsOf(storage: DomainStorage, table: string): Promise<string[]> {
  const lines = await storage.read(async (manager): Promise<string[]> => {
    if (storage.dialect === "mysql") {
      const [shown]: { "Create Table": string }[] = await manager.query(`SHOW CREATE TABLE ${table}`);
      return (shown?.["Create Table"] ?? "")
        .split("\n")
        .map((line) => line.trim().replace(/,$/, ""))
        .filter((line) => /^(UNIQUE |)KEY |^CONSTRAINT /.test(line));
    }
    if (storage.dialect === "postgres") {
      const indexes: { line: string }[] = await manager.query(
        "SELECT indexdef AS line FROM pg_indexes WHERE tablename = $1",
        [table],
      );
      const constraints: { line: string }[] = await manager.query(
        `SELECT conname || ' ' || pg_get_constraintdef(oid) AS line FROM pg_constraint
          WHERE conrelid = to_regclass($1)`,
        [table],
      );
      return [...indexes, ...constraints].map((row) => row.line);
    }
    const found: { line: string }[] = await manager.query(
      "SELECT sql AS line FROM sqlite_master WHERE tbl_name = ? AND sql IS NOT NULL",
      [table],
    );
    return found.map((row) => row.line);
  });
  return lines.sort();
}

async function annotationStorage(engine: (typeof TARGETS)[number]) {
  const settings = await freshTarget(engine);
  return { settings, storage: await openDomainStorageAt("annotation", settings.databases.annotation) };
}

for (const engine of TARGETS) {
  test(`${engine}: the indexes and foreign keys set aside from a table are made again as they were`, async (t) => {
    const { storage } = await annotationStorage(engine);
    try {
      const before = await definitionsOf(storage, "observations");
      const setAside = new SetAsideIndexesRepository(storage);
      t.true(await setAside.setAside("observations"));
      const during = await definitionsOf(storage, "observations");
      t.true(during.length < before.length, `${during.length} of ${before.length} definitions left`);
      t.deepEqual(await setAside.putBack("observations"), []);
      t.deepEqual(await definitionsOf(storage, "observations"), before);
      t.deepEqual(await storage.read((manager) => manager.query(`SELECT * FROM ${SET_ASIDE_TABLE}`)), []);
    } finally {
      await storage.close();
    }
  });

  test(`${engine}: an index that leads with a column the load looks rows up by stays while the table loads, unless a unique key leads with it`, async (t) => {
    const { storage } = await annotationStorage(engine);
    try {
      const setAside = new SetAsideIndexesRepository(storage);
      const leading = async (table: string) =>
        (await definitionsOf(storage, table))
          .filter((line) => !/FOREIGN KEY|PRIMARY KEY/.test(line))
          .map(firstIndexedColumn);
      t.true(await setAside.setAside("observations", ["concept"]));
      t.true((await leading("observations")).includes("concept"));
      t.false((await leading("observations")).includes("last_updated_timestamp"));
      await setAside.putBack("observations");
      t.true((await leading("observations")).includes("last_updated_timestamp"));
      // The ancillary datum's moment is looked up through its unique key: its other index goes.
      t.true(await setAside.setAside("ancillary_data", ["imaged_moment_uuid"]));
      const during = (await definitionsOf(storage, "ancillary_data")).join("\n");
      t.false(during.includes("idx_ancillary_data__moment_depth"), during);
      await setAside.putBack("ancillary_data");
      t.true(
        (await definitionsOf(storage, "ancillary_data"))
          .join("\n")
          .includes("idx_ancillary_data__moment_depth"),
      );
    } finally {
      await storage.close();
    }
  });

  const orphanRule =
    engine === "sqlite"
      ? "a row whose parent is missing is refused: its foreign keys are never set aside"
      : "rows whose parent is missing are deleted and reported before a foreign key comes back";
  test(`${engine}: ${orphanRule}`, async (t) => {
    const { storage } = await annotationStorage(engine);
    try {
      const setAside = new SetAsideIndexesRepository(storage);
      t.true(await setAside.setAside("observations"));
      const orphan = () =>
        storage.transaction((manager) =>
          manager.query(
            `INSERT INTO observations (uuid, imaged_moment_uuid, concept, observer, observation_timestamp, last_updated_timestamp)
             VALUES (?, ?, 'Nanomia', 'brian', '2024-01-02 03:04:05.000000', '2024-01-02 03:04:05.000000')`,
            ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-0000000000ff"],
          ),
        );
      if (engine === "sqlite") {
        // SQLite's foreign keys are part of its tables and never set aside: the row is refused.
        await t.throwsAsync(orphan);
        t.deepEqual(await setAside.putBack("observations"), []);
        return;
      }
      await orphan();
      const orphans = await setAside.putBack("observations");
      t.deepEqual(orphans, [
        { table: "observations", column: "imaged_moment_uuid", parentTable: "imaged_moments", rows: 1 },
      ]);
      const left: unknown[] = await storage.read((manager) => manager.query("SELECT uuid FROM observations"));
      t.deepEqual(left, []);
      await t.throwsAsync(orphan, undefined, "the foreign key is back");
    } finally {
      await storage.close();
    }
  });

  test(`${engine}: what a run interrupted mid-table set aside is made again by the next import`, async (t) => {
    const { settings, storage } = await annotationStorage(engine);
    const site = await freshLegacySite(300, 5);
    try {
      const fresh = {
        observations: await definitionsOf(storage, "observations"),
        associations: await definitionsOf(storage, "associations"),
      };
      const setAside = new SetAsideIndexesRepository(storage);
      t.true(await setAside.setAside("observations"));
      t.true(await setAside.setAside("associations"));
      const report = await importLegacy({ kb: site.url, registry: site.url, annotation: site.url }, settings);
      t.deepEqual(report.mismatches, []);
      t.deepEqual(await definitionsOf(storage, "observations"), fresh.observations);
      t.deepEqual(await definitionsOf(storage, "associations"), fresh.associations);
    } finally {
      await storage.close();
    }
  });
}

test(`an import of a table of ${SET_ASIDE_FROM_ROWS} rows or more sets its indexes aside and leaves them as they were, on every engine`, async (t) => {
  const site = await freshLegacySite(SET_ASIDE_FROM_ROWS, 13);
  t.true((site.rows.observations ?? 0) >= SET_ASIDE_FROM_ROWS);
  for (const engine of TARGETS) {
    const { settings, storage } = await annotationStorage(engine);
    try {
      const fresh = await definitionsOf(storage, "observations");
      const report = await importLegacy({ kb: site.url, registry: site.url, annotation: site.url }, settings);
      t.deepEqual(report.mismatches, [], engine);
      const observations = report.tables.find((table) => table.table === "observations");
      t.is(observations?.added, site.rows.observations, engine);
      t.deepEqual(await definitionsOf(storage, "observations"), fresh, engine);
    } finally {
      await storage.close();
    }
  }
});
