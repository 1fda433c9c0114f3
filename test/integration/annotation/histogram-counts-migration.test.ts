import test from "ava";
import type { DomainStorage } from "../../../services/kit/storage/domain-storage.js";
import {
  BACKENDS,
  closeAnnotationTestStorages,
  openAnnotationTestStorage,
} from "../../support/annotation/annotation-storage.js";
import { seedQueryDataset } from "../../support/annotation/query-dataset.js";

test.after.always(closeAnnotationTestStorages);

type Counts = [number, number][];

async function rows(storage: DomainStorage, sql: string): Promise<Counts> {
  const found = (await storage.dataSource.query(sql)) as { k: number | string; n: number | string }[];
  return found.map((row) => [Number(row.k), Number(row.n)]);
}

/** The kept counts (each key's shards summed), without the keys whose annotations all went. */
function kept(storage: DomainStorage, table: string, key: string): Promise<Counts> {
  return rows(
    storage,
    `SELECT ${key} AS k, SUM(annotations) AS n FROM ${table} GROUP BY ${key} HAVING SUM(annotations) <> 0 ORDER BY k`,
  );
}

/** The counts per metre and per day, counted from the annotations themselves. */
async function counted(storage: DomainStorage): Promise<{ depth: Counts; days: Counts }> {
  const day = {
    mysql: "DATEDIFF(im.recorded_timestamp, '1970-01-01')",
    postgres: "(CAST(im.recorded_timestamp AS DATE) - DATE '1970-01-01')",
    sqlite: "CAST(julianday(substr(im.recorded_timestamp, 1, 10)) - 2440587.5 AS INTEGER)",
  }[storage.dialect];
  return {
    depth: await rows(
      storage,
      `SELECT FLOOR(ad.depth_meters) AS k, COUNT(*) AS n FROM observations o
        JOIN ancillary_data ad ON ad.imaged_moment_uuid = o.imaged_moment_uuid
       WHERE ad.depth_meters >= 0 AND ad.depth_meters < 4000 GROUP BY k ORDER BY k`,
    ),
    days: await rows(
      storage,
      `SELECT ${day} AS k, COUNT(*) AS n FROM observations o
        JOIN imaged_moments im ON im.uuid = o.imaged_moment_uuid
       WHERE im.recorded_timestamp IS NOT NULL GROUP BY k ORDER BY k`,
    ),
  };
}

async function tables(storage: DomainStorage): Promise<string[]> {
  const sql = {
    mysql: "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()",
    postgres:
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()",
    sqlite: "SELECT name FROM sqlite_master WHERE type = 'table'",
  }[storage.dialect];
  const found = (await storage.dataSource.query(sql)) as { name?: string; NAME?: string }[];
  return found.map((row) => String(row.name ?? row.NAME)).filter((name) => name.startsWith("histogram_"));
}

/** Undoes the last migrations, the named one last (later ones are undone first). */
async function undoThrough(storage: DomainStorage, name: string): Promise<void> {
  for (;;) {
    const [last] = (await storage.dataSource.query(
      "SELECT name FROM annotation_migrations ORDER BY timestamp DESC LIMIT 1",
    )) as { name: string }[];
    if (!last) throw new Error(`${name} is not applied`);
    await storage.dataSource.undoLastMigration({ transaction: "each" });
    if (last.name === name) return;
  }
}

for (const backend of BACKENDS) {
  test(`${backend}: the histogram count migration counts the annotations already there, and goes away on the way down`, async (t) => {
    const storage = await openAnnotationTestStorage(backend);
    await undoThrough(storage, "HistogramCounts1764200000000");
    t.deepEqual(await tables(storage), [], "down drops the tables");
    // Written without the triggers: only the migration's own count can know them.
    await seedQueryDataset(storage);
    await storage.dataSource.runMigrations({ transaction: "each" });
    t.deepEqual((await tables(storage)).sort(), [
      "histogram_day_counts",
      "histogram_depth_counts",
      "histogram_moments",
    ]);
    const expected = await counted(storage);
    t.true(expected.depth.length > 0 && expected.days.length > 0, "the data set has depths and days");
    t.deepEqual(await kept(storage, "histogram_depth_counts", "depth_meter"), expected.depth);
    t.deepEqual(await kept(storage, "histogram_day_counts", "recorded_day"), expected.days);

    // And the triggers are back: deleting every moment leaves nothing counted.
    await storage.dataSource.query("DELETE FROM imaged_moments");
    t.deepEqual(await kept(storage, "histogram_depth_counts", "depth_meter"), []);
    t.deepEqual(await kept(storage, "histogram_day_counts", "recorded_day"), []);
  });
}
