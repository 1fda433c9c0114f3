import test from "ava";
import {
  DEFAULT_KB_DUMP,
  type ImportProgress,
  importKbDump,
} from "../../../../tools/m3/kb-import/kb-import.js";
import {
  BACKENDS,
  closeKbDatabases,
  openKbDatabase,
  replicaOn,
} from "../../../support/kb/phylogeny-stack.js";
import { ADMIN } from "../../../support/kb/tree-fakes.js";

test.after.always(closeKbDatabases);

const REAL_COUNTS = { concepts: 4092, names: 5209, media: 2677, linkTemplates: 790, linkRealizations: 5409 };

for (const backend of BACKENDS) {
  test(`${backend}: the real dump is imported completely, with progress, and a second run leaves it alone`, async (t) => {
    const { storage } = await openKbDatabase(backend);
    const progress: ImportProgress[] = [];
    const first = await importKbDump({ storage, file: DEFAULT_KB_DUMP, onProgress: (p) => progress.push(p) });
    t.true(first.imported);
    t.deepEqual(first.counts, REAL_COUNTS);
    const total = 4092 + 5209 + 2677 + 790 + 5409;
    t.deepEqual(progress.at(-1), { table: "link_realizations", done: total, total });
    t.true(progress.every((p, i) => i === 0 || p.done >= (progress[i - 1]?.done ?? 0)));

    const counts = async () => {
      const result: Record<string, number> = {};
      for (const table of [
        "concepts",
        "concept_names",
        "concept_media",
        "link_templates",
        "link_realizations",
      ]) {
        const rows: { n: number | string }[] = await storage.read((m) =>
          m.query(`SELECT COUNT(*) AS n FROM ${table}`),
        );
        result[table] = Number(rows[0]?.n);
      }
      return result;
    };
    const expected = {
      concepts: 4092,
      concept_names: 5209,
      concept_media: 2677,
      link_templates: 790,
      link_realizations: 5409,
    };
    t.deepEqual(await counts(), expected);

    const second = await importKbDump({ storage, file: DEFAULT_KB_DUMP });
    t.false(second.imported);
    t.regex(second.message, /already has a root/);
    t.deepEqual(await counts(), expected);
  });

  test(`${backend}: imported rows keep the dump's values and bump the tree version`, async (t) => {
    const { storage } = await openKbDatabase(backend);
    await importKbDump({ storage });
    const rows = await storage.read(async (m) => ({
      root: await m.query(
        `SELECT n.name, n.name_type, n.author FROM concepts c JOIN concept_names n ON n.concept_id = c.id
         WHERE c.parent_id IS NULL ORDER BY n.name`,
      ),
      version: await m.query("SELECT version FROM kb_tree_version WHERE id = 1"),
      primaryMedia: await m.query("SELECT COUNT(*) AS n FROM concept_media WHERE is_primary"),
      images: await m.query("SELECT COUNT(*) AS n FROM concept_media WHERE media_type = 'Image'"),
    }));
    t.deepEqual(
      rows.root.map((r: { name: string; name_type: string; author: string | null }) => [
        r.name,
        r.name_type,
        r.author,
      ]),
      [
        ["object", "Primary", null],
        ["root", "Synonym", "jana"],
      ],
    );
    t.is(Number(rows.version[0].version), 1);
    t.true(Number(rows.primaryMedia[0].n) > 0);
    t.is(Number(rows.images[0].n), 2670);
  });

  test(`${backend}: a concept created after the import is numbered past the imported ones`, async (t) => {
    const { storage } = await openKbDatabase(backend);
    await importKbDump({ storage });
    const created = await replicaOn(storage).tree.writes.create(
      { name: "after the import", parentName: "object" },
      ADMIN,
    );
    t.is(created.concept.id, 4093);
    const rows: { n: number | string }[] = await storage.read((m) =>
      m.query("SELECT COUNT(*) AS n FROM concepts"),
    );
    t.is(Number(rows[0]?.n), 4093);
  });
}
