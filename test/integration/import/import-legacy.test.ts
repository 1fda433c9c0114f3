import test from "ava";
import pg from "pg";
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

test("legacy rows that break a uniqueness m3 keeps are listed (a second ancillary row skipped, a repeated DOI cleared), and roles oni spells otherwise", async (t) => {
  const site = await freshLegacySite(50);
  const client = new pg.Client({ connectionString: site.url });
  await client.connect();
  await client.query(
    `INSERT INTO ancillary_data (uuid, imaged_moment_uuid, depth_meters, last_updated_timestamp)
     SELECT '00000000-0000-4000-8000-000000000001', imaged_moment_uuid, 1.5, now() FROM ancillary_data LIMIT 1`,
  );
  await client.query(
    "UPDATE reference SET doi = '10.1000/same' WHERE id IN (SELECT id FROM reference ORDER BY id LIMIT 2)",
  );
  await client.query("UPDATE useraccount SET role = 'admin' WHERE username = 'brian'");
  await client.end();
  const settings = await freshTarget("sqlite");
  const report = await importLegacy({ kb: site.url, registry: site.url, annotation: site.url }, settings);
  const ancillary = report.tables.find((table) => table.table === "ancillary_data");
  const references = report.tables.find((table) => table.table === "literature_references");
  t.like(ancillary, { unplaceable: 1 });
  t.regex(
    ancillary?.listedUnplaceable[0] ?? "",
    /^ancillary_data .*: imaged_moment_uuid .* is already .*'s$/,
  );
  t.like(references, { cleared: 1, unplaceable: 0 });
  t.is(references?.m3Rows, references?.sourceRows);
  t.regex(
    references?.listedUnplaceable[0] ?? "",
    /doi 10\.1000\/same is already \d+'s; imported without it$/,
  );
  t.deepEqual(report.notes, [
    'user brian: role "admin" is not spelled as oni spells roles (Admin, Maint, ReadOnly, User); m3 reads it ignoring case',
  ]);
  t.deepEqual(report.mismatches, []);
  const again = await importLegacy({ kb: site.url, registry: site.url, annotation: site.url }, settings);
  t.true(again.unchanged);
});
