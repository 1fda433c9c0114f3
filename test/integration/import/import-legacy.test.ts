import test from "ava";
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
    const second = await importLegacy(from, settings);
    t.true(second.unchanged);
    for (const table of second.tables) t.is(table.added + table.updated, 0, `${table.domain}.${table.table}`);
  });
}
