import test from "ava";
import { VIEW_COLUMNS } from "../../../services/annotation/query/view/annotations-view.js";
import { UNION_COLUMN_NAMES } from "../../../services/annotation/query/view/union-columns.js";
import type { DomainStorage } from "../../../services/kit/storage/domain-storage.js";
import {
  BACKENDS,
  closeAnnotationTestStorages,
  openAnnotationTestStorage,
} from "../../support/annotation/annotation-storage.js";
import { seedQueryDataset } from "../../support/annotation/query-dataset.js";

test.after.always(closeAnnotationTestStorages);

async function viewColumns(storage: DomainStorage): Promise<string[]> {
  const sql = {
    mysql:
      "SELECT column_name AS name FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'annotations' ORDER BY ordinal_position",
    postgres:
      "SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'annotations' ORDER BY ordinal_position",
    sqlite: "SELECT name FROM pragma_table_info('annotations')",
  }[storage.dialect];
  const rows: Array<{ name?: string; NAME?: string }> = await storage.read((manager) => manager.query(sql));
  return rows.map((row) => String(row.name ?? row.NAME));
}

/** Undoes the migrations down to and including the union view's (later ones first). */
async function undoThroughUnionView(storage: DomainStorage): Promise<void> {
  for (;;) {
    const [last] = (await storage.dataSource.query(
      "SELECT name FROM annotation_migrations ORDER BY id DESC LIMIT 1",
    )) as { name: string }[];
    await storage.dataSource.undoLastMigration({ transaction: "each" });
    if (!last || last.name.startsWith("UnionView")) return;
  }
}

for (const backend of BACKENDS) {
  test(`${backend}: the migration gives the stored view the union's columns, and takes them out on the way down`, async (t) => {
    const storage = await openAnnotationTestStorage(backend);
    await seedQueryDataset(storage);
    t.deepEqual(
      await viewColumns(storage),
      VIEW_COLUMNS.map((column) => column.name),
    );
    const rows: Array<Record<string, unknown>> = await storage.read((manager) =>
      manager.query(
        "SELECT association_uuid, association, video_container FROM annotations WHERE association_uuid = ?",
        ["01900000-0000-7000-8000-000000000033"],
      ),
    );
    t.deepEqual(rows, [
      {
        association_uuid: "01900000-0000-7000-8000-000000000033",
        association: "surface-color | self | 50%_off",
        video_container: null,
      },
    ]);
    await undoThroughUnionView(storage);
    const before = await viewColumns(storage);
    t.true(before.includes("concept") && before.includes("video_sequence_name"));
    t.false(before.some((name) => UNION_COLUMN_NAMES.includes(name)));
    await storage.dataSource.runMigrations({ transaction: "each" });
    t.is((await viewColumns(storage)).length, VIEW_COLUMNS.length);
  });
}
