import test from "ava";
import { parseDatabaseUrl } from "../../../services/kit/storage/database-url.js";
import { createPostgresTestDatabase } from "../../../tools/dev/fixtures/postgres.js";
import { importLegacy } from "../../../tools/m3/import/import-legacy.js";
import { cleanUp, freshLegacySite, freshTarget, TARGETS } from "./import-support.js";

test.after.always(cleanUp);

for (const engine of TARGETS) {
  test(`a legacy site imports into ${engine} with every table's rows, and a second run changes nothing`, async (t) => {
    const site = await freshLegacySite(500);
    const settings = await freshTarget(engine);
    const from = { kb: site.url, registry: site.url, annotation: site.url };
    const first = await importLegacy(from, settings);
    for (const table of first.tables) {
      t.is(
        table.m3Rows,
        table.sourceRows - table.unplaceable - table.duplicates,
        `${table.domain}.${table.table}`,
      );
      t.is(table.added, table.m3Rows ?? -1, `${table.domain}.${table.table} added`);
    }
    t.deepEqual(first.mismatches, []);
    t.deepEqual(Object.keys(first.sampled).sort(), ["annotation", "concept", "video"]);
    t.is(first.sampled.concept, 200);
    const second = await importLegacy(from, settings);
    t.true(second.unchanged);
    for (const table of second.tables) t.is(table.added + table.updated, 0, `${table.domain}.${table.table}`);
  });
}

test("the registry imports into PostgreSQL, m3's third engine, with a database per service as the source", async (t) => {
  const site = await freshLegacySite(200);
  const settings = await freshTarget("sqlite");
  const registry = parseDatabaseUrl(await createPostgresTestDatabase("m3_import_registry"));
  const report = await importLegacy(
    { registry: site.url },
    { ...settings, databases: { ...settings.databases, registry } },
  );
  t.deepEqual(
    report.tables.map((table) => table.domain),
    ["registry", "registry", "registry"],
  );
  for (const table of report.tables) t.is(table.m3Rows, table.sourceRows, table.table);
  t.deepEqual(report.mismatches, []);
  t.true((report.sampled.video ?? 0) > 0);
  t.true(
    (
      await importLegacy(
        { registry: site.url },
        { ...settings, databases: { ...settings.databases, registry } },
      )
    ).unchanged,
  );
});
