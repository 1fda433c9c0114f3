import test from "ava";
import { ANNOTATION_TABLES } from "../../../services/annotation/annotation-tables.js";
import { KB_TABLES } from "../../../services/kb/kb-tables.js";
import { dataTables, type TableCatalogue } from "../../../services/kit/storage/table-catalogue.js";
import { REGISTRY_TABLES } from "../../../services/registry/registry-tables.js";
import { AUDIT_HISTORY_TARGET } from "../../../tools/m3/import/legacy/legacy-audit-source.js";
import type { ReadContext } from "../../../tools/m3/import/legacy/legacy-conversions.js";
import { LEGACY_DOMAINS, type LegacyDomain } from "../../../tools/m3/import/legacy/legacy-mapping.js";
import { toLegacyRow, toM3Row } from "../../../tools/m3/import/legacy/legacy-rows.js";
import { parentsFirst } from "../../../tools/m3/import/legacy/legacy-table-source.js";
import {
  LEGACY_TABLES,
  missingLegacyColumns,
  requiredLegacyColumns,
} from "../../../tools/m3/import/legacy/legacy-tables.js";
import { UnplaceableRowError } from "../../../tools/m3/import/legacy/legacy-values.js";

const CATALOGUES: Record<LegacyDomain, TableCatalogue> = {
  kb: KB_TABLES,
  registry: REGISTRY_TABLES,
  annotation: ANNOTATION_TABLES,
};

/** m3 columns the legacy tables have no value for: m3 numbers preferences itself. */
const NUMBERED_BY_M3 = new Set(["preferences.id"]);

const context: ReadContext = { conceptOfDelegate: (id) => id, importedAt: "2026-01-01 00:00:00.000000" };

for (const domain of LEGACY_DOMAINS) {
  test(`every ${domain} table and column m3 holds has a legacy source, and none is named twice`, (t) => {
    const mappings = LEGACY_TABLES[domain].filter((mapping) => mapping.role === undefined);
    for (const [table, shape] of dataTables(CATALOGUES[domain])) {
      if (table === "imaged_moment_locks") continue; // m3's own write locks, empty after an import
      // The history's source is annosaurus's Envers audit rows, one per revision (legacy-audit-source.ts).
      if (domain === "annotation" && table === AUDIT_HISTORY_TARGET.name) continue;
      const mapping = mappings.find((candidate) => candidate.m3 === table);
      if (!mapping) {
        t.fail(`${domain}.${table} has no legacy table`);
        continue;
      }
      const mapped = mapping.columns.map((pair) => pair.m3);
      t.deepEqual(new Set(mapped).size, mapped.length, `${table}: an m3 column is mapped twice`);
      const expected = Object.keys(shape.columns).filter(
        (column) => !NUMBERED_BY_M3.has(`${table}.${column}`),
      );
      t.deepEqual([...mapped].sort(), expected.sort(), table);
      for (const column of mapping.identity) t.true(column in shape.columns, `${table}.${column}`);
    }
  });
}

test("an m3 row written as a legacy row reads back as the same m3 row", (t) => {
  const concept = LEGACY_TABLES.kb.find((mapping) => mapping.legacy === "concept");
  const media = LEGACY_TABLES.kb.find((mapping) => mapping.legacy === "media");
  const moment = LEGACY_TABLES.annotation[0];
  if (!concept || !media || !moment) return t.fail("mappings missing");
  const rows = [
    [
      concept,
      {
        id: 7,
        parent_id: 1,
        rank_level: null,
        rank_name: "genus",
        aphia_id: 12,
        last_updated_time: "2020-02-03 04:05:06.123456",
      },
    ],
    [
      media,
      {
        id: 3,
        concept_id: 7,
        url: "http://x/y.png",
        media_type: "Image",
        is_primary: true,
        caption: null,
        credit: "c",
        last_updated_time: "2021-01-01 00:00:00.000001",
      },
    ],
    [
      moment,
      {
        uuid: "0f5e3a3e-6d2b-4b8c-9d7e-2a1b3c4d5e6f",
        video_reference_uuid: "1f5e3a3e-6d2b-4b8c-9d7e-2a1b3c4d5e6f",
        elapsed_time_millis: 5000,
        recorded_timestamp: "2019-05-06 07:08:09.987654",
        timecode: null,
        last_updated_timestamp: "2019-05-06 07:08:10.000000",
      },
    ],
  ] as const;
  for (const [mapping, row] of rows) {
    const read = toLegacyRow(mapping, row);
    t.deepEqual(toM3Row(mapping, read, context), row, mapping.legacy);
  }
});

test("legacy values are read as m3 holds them: UUIDs lower case, instants to the microsecond in UTC, 0/1 flags", (t) => {
  const moment = LEGACY_TABLES.annotation[0];
  const media = LEGACY_TABLES.kb.find((mapping) => mapping.legacy === "media");
  if (!moment || !media) return t.fail("mappings missing");
  const read = toM3Row(
    moment,
    {
      uuid: "0F5E3A3E-6D2B-4B8C-9D7E-2A1B3C4D5E6F",
      video_reference_uuid: "1f5e3a3e-6d2b-4b8c-9d7e-2a1b3c4d5e6f",
      elapsed_time_millis: "9007199254740991",
      recorded_timestamp: "2019-05-06 09:08:09.987654+02",
      timecode: "01:02:03:04",
      last_updated_timestamp: "2019-05-06 07:08:10.5",
    },
    context,
  );
  t.is(read.uuid, "0f5e3a3e-6d2b-4b8c-9d7e-2a1b3c4d5e6f");
  t.is(read.elapsed_time_millis, 9007199254740991);
  t.is(read.recorded_timestamp, "2019-05-06 07:08:09.987654");
  t.is(read.last_updated_timestamp, "2019-05-06 07:08:10.500000");
  const row = {
    id: 1,
    conceptdelegateid_fk: 2,
    url: "u",
    mediatype: null,
    primarymedia: null,
    caption: null,
    credit: null,
    last_updated_time: "2020-01-01 00:00:00",
  };
  t.is(toM3Row(media, row, context).is_primary, false);
  t.throws(() => toM3Row(media, { ...row, url: null }, context), { instanceOf: UnplaceableRowError });
  t.throws(() => toM3Row(media, row, { ...context, conceptOfDelegate: () => undefined }), {
    instanceOf: UnplaceableRowError,
  });
});

test("a database without the legacy tables is named by what it lacks, in the sources' spelling", (t) => {
  const present = new Map<string, Set<string>>();
  for (const [table, columns] of requiredLegacyColumns("kb")) present.set(table, new Set(columns));
  t.deepEqual(missingLegacyColumns("kb", present), []);
  present.delete("concept");
  present.get("conceptname")?.delete("nametype");
  t.deepEqual(missingLegacyColumns("kb", present), ["Concept", "ConceptName.nametype"]);
  t.true(missingLegacyColumns("registry", new Map()).includes("video_references"));
});

test("concepts come after their parents, and none is left out, even in a cycle", (t) => {
  const concept = (id: number, parent_id: number | null) => ({ id, parent_id });
  const ordered = parentsFirst([
    concept(3, 2),
    concept(2, 1),
    concept(1, null),
    concept(5, 6),
    concept(6, 5),
  ]);
  t.deepEqual(
    ordered.map((row) => row.id),
    [1, 2, 3, 5, 6],
  );
});
