/**
 * A large import sets the histogram count triggers and the box index's aside and recounts (and
 * rebuilds) once at its end: the counts and boxes it leaves are those a recount (and a rebuild)
 * from the rows gives, and the triggers are back.
 */
import test from "ava";
import { BoxIndexRepository } from "../../../services/annotation/boxes/repositories/box-index.repository.js";
import { HistogramCountTriggersRepository } from "../../../services/annotation/query/repositories/histogram-count-triggers.repository.js";
import {
  DAY_COUNTS_TABLE,
  DEPTH_COUNTS_TABLE,
  MOMENT_COUNTS_TABLE,
} from "../../../services/annotation/query/repositories/histogram-counts.sql.js";
import type { DomainStorage } from "../../../services/kit/storage/domain-storage.js";
import { importLegacy } from "../../../tools/m3/import/import-legacy.js";
import { RECOUNT_WORTHWHILE_ROWS } from "../../../tools/m3/import/run/histogram-counts-aside.js";
import { openDomainStorageAt } from "../../../tools/m3/migrate/migrate.js";
import { cleanUp, freshLegacySite, freshTarget, TARGETS } from "./import-support.js";

test.after.always(cleanUp);

async function countRows(storage: DomainStorage): Promise<string[]> {
  const rows: string[] = [];
  for (const table of [DEPTH_COUNTS_TABLE, DAY_COUNTS_TABLE, MOMENT_COUNTS_TABLE]) {
    const found: Record<string, unknown>[] = await storage.read((manager) =>
      manager.query(`SELECT * FROM ${table}`),
    );
    rows.push(...found.map((row) => `${table} ${JSON.stringify(row)}`));
  }
  return rows.sort();
}

async function boxRows(storage: DomainStorage): Promise<string[]> {
  const found: Record<string, unknown>[] = await storage.read((manager) =>
    manager.query("SELECT association_uuid, concept, x, y, width, height FROM bounding_boxes"),
  );
  return found.map((row) => JSON.stringify(row)).sort();
}

for (const engine of TARGETS) {
  test(`an import of more than ${RECOUNT_WORTHWHILE_ROWS} annotation rows into ${engine} leaves the count triggers in place and the counts a recount gives`, async (t) => {
    const site = await freshLegacySite(6000, 11);
    const annotationRows = [
      "imaged_moments",
      "observations",
      "associations",
      "image_references",
      "ancillary_data",
    ]
      .map((table) => site.rows[table] ?? 0)
      .reduce((sum, rows) => sum + rows, 0);
    t.true(annotationRows >= RECOUNT_WORTHWHILE_ROWS, `${annotationRows} annotation rows`);
    const settings = await freshTarget(engine);
    const report = await importLegacy({ kb: site.url, registry: site.url, annotation: site.url }, settings);
    t.deepEqual(report.mismatches, []);
    const storage = await openDomainStorageAt("annotation", settings.databases.annotation);
    try {
      const triggers = new HistogramCountTriggersRepository(storage);
      t.deepEqual(await triggers.missing(), []);
      const imported = await countRows(storage);
      t.true(imported.length > 0);
      await triggers.recount();
      t.deepEqual(imported, await countRows(storage));
      // The box index too: set aside during the merge, rebuilt once, its triggers back.
      const boxes = new BoxIndexRepository(storage);
      t.deepEqual(await boxes.missingTriggers(), []);
      const indexed = await boxRows(storage);
      t.true(indexed.length > 0);
      await boxes.rebuild();
      t.deepEqual(indexed, await boxRows(storage));
    } finally {
      await storage.close();
    }
  });
}
