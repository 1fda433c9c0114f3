/**
 * `m3 import m3`: a ship's m3 that annotated at sea merges into shore's, from its database (its
 * data folder) or from an `m3 backup` archive of it.
 */
import { join } from "node:path";
import test from "ava";
import { Instant } from "../../../services/kit/time/instant.js";
import { backupPlatform } from "../../../tools/m3/backup/backup.js";
import type { PlatformSettings } from "../../../tools/m3/backup/backup-settings.js";
import { importLegacy } from "../../../tools/m3/import/import-legacy.js";
import { importM3 } from "../../../tools/m3/import/import-m3.js";
import type { ImportReport } from "../../../tools/m3/import/run/import-report.js";
import { openDomainStorageAt } from "../../../tools/m3/migrate/migrate.js";
import { cleanUp, freshLegacySite, freshTarget, type TargetEngine } from "./import-support.js";

test.after.always(cleanUp);

const everywhere = (url: string) => ({ kb: url, registry: url, annotation: url });
const tableOf = (report: ImportReport, name: string) => {
  const table = report.tables.find((candidate) => `${candidate.domain}.${candidate.table}` === name);
  if (!table) throw new Error(`no ${name} in the report`);
  return table;
};
const dataDirOf = (settings: PlatformSettings) => {
  const target = settings.databases.kb;
  if (target.kind !== "sqlite") throw new Error("a SQLite platform");
  return join(target.file, "..");
};

const urlOf = (settings: PlatformSettings) => {
  const target = settings.databases.annotation;
  if (target.kind !== "postgres") throw new Error("a PostgreSQL platform");
  const credentials = `${encodeURIComponent(target.user)}:${encodeURIComponent(target.password)}`;
  return `postgres://${credentials}@${target.host}:${target.port}/${encodeURIComponent(target.database)}`;
};

/** Shore's m3 from a legacy site; the ship's a copy of it that annotated one more dive and edited one observation. */
async function shoreAndShip(engine: TargetEngine = "sqlite") {
  const shoreSite = await freshLegacySite(100, 1);
  const cruise = await freshLegacySite(60, 2);
  const shore = await freshTarget(engine);
  const ship = await freshTarget(engine);
  await importLegacy(everywhere(shoreSite.url), shore);
  await importLegacy(everywhere(shoreSite.url), ship);
  await importLegacy(everywhere(cruise.url), ship, { merge: true });
  const shoreAnnotation = await openDomainStorageAt("annotation", shore.databases.annotation);
  const edited: { uuid: string }[] = await shoreAnnotation.read((manager) =>
    manager.query("SELECT uuid FROM observations ORDER BY uuid LIMIT 1"),
  );
  await shoreAnnotation.close();
  const annotation = await openDomainStorageAt("annotation", ship.databases.annotation);
  await annotation.transaction((manager) =>
    manager.query("UPDATE observations SET observer = 'ship', last_updated_timestamp = ? WHERE uuid = ?", [
      Instant.now().toSql(),
      edited[0]?.uuid,
    ]),
  );
  await annotation.close();
  return { shore, ship, cruise };
}

test("a ship's m3 merges into shore's from its data folder: its new and edited records, nothing else, then nothing", async (t) => {
  const { shore, ship, cruise } = await shoreAndShip();
  const merged = await importM3(dataDirOf(ship), shore);
  const observations = tableOf(merged, "annotation.observations");
  t.is(observations.added, cruise.rows.observations ?? -1);
  t.is(observations.updated, 1);
  // No earlier merge tells which side changed it since they parted: a conflict the newer side (the ship) wins.
  t.like(observations, { conflicts: 1, listedConflicts: [{ winner: "source" }] });
  t.is(tableOf(merged, "registry.videos").added, cruise.rows.videos ?? -1);
  t.deepEqual(merged.mismatches, []);
  t.true((merged.sampled.annotation ?? 0) > 0, "annotations were sampled and read back");
  const again = await importM3(dataDirOf(ship), shore);
  t.true(again.unchanged, "a second import changes nothing");
  const annotation = await openDomainStorageAt("annotation", ship.databases.annotation);
  await annotation.transaction((manager) =>
    manager.query(
      "UPDATE observations SET observer = 'ship again', last_updated_timestamp = ? WHERE observer = 'ship'",
      [Instant.now().toSql()],
    ),
  );
  await annotation.close();
  const third = await importM3(dataDirOf(ship), shore);
  t.like(tableOf(third, "annotation.observations"), { added: 0, updated: 1, conflicts: 0 });
});

test("a ship's m3 on PostgreSQL merges into shore's on PostgreSQL from its database URL, then changes nothing", async (t) => {
  const { shore, ship, cruise } = await shoreAndShip("postgres");
  const from = urlOf(ship);
  const merged = await importM3(from, shore);
  const observations = tableOf(merged, "annotation.observations");
  t.like(observations, { added: cruise.rows.observations ?? -1, updated: 1, conflicts: 1 });
  t.is(tableOf(merged, "registry.videos").added, cruise.rows.videos ?? -1);
  t.deepEqual(merged.mismatches, []);
  t.true((merged.sampled.annotation ?? 0) > 0, "annotations were sampled and read back");
  t.true((await importM3(from, shore)).unchanged, "a second import changes nothing");
});

test("an m3 backup archive merges as its database does, into an empty m3 on MariaDB", async (t) => {
  const { ship } = await shoreAndShip();
  const archive = join(dataDirOf(ship), "ship.jsonl.gz");
  await backupPlatform({ settings: ship, output: { kind: "file", path: archive } });
  const target = await freshTarget("mysql");
  const report = await importM3(archive, target);
  for (const table of report.tables) t.is(table.m3Rows, table.sourceRows, `${table.domain}.${table.table}`);
  t.deepEqual(report.mismatches, []);
  t.true(tableOf(report, "annotation.observations").added > 0);
});
