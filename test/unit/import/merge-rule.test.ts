import test from "ava";
import { decideMerge } from "../../../tools/m3/import/merge/merge-rule.js";

const columns = ["uuid", "observer", "last_updated_timestamp"];
const row = (observer: string, updated: string) => ({ uuid: "u", observer, last_updated_timestamp: updated });
const previousImport = "2024-01-01 00:00:00.000000";

test("a record m3 lacks is added; an equal one is skipped", (t) => {
  t.deepEqual(
    decideMerge({
      source: row("a", "2023"),
      target: undefined,
      columns,
      lastUpdated: "last_updated_timestamp",
    }),
    {
      action: "add",
      conflict: false,
    },
  );
  t.deepEqual(
    decideMerge({
      source: row("a", "2023"),
      target: row("a", "2023"),
      columns,
      lastUpdated: "last_updated_timestamp",
      previousImport,
    }),
    { action: "skip", conflict: false },
  );
});

test("a record changed only in the source since the previous import is updated, one changed only in m3 is kept", (t) => {
  const lastUpdated = "last_updated_timestamp";
  t.deepEqual(
    decideMerge({
      source: row("b", "2024-02-01 00:00:00.000000"),
      target: row("a", "2023-06-01 00:00:00.000000"),
      columns,
      lastUpdated,
      previousImport,
    }),
    { action: "update", conflict: false },
  );
  t.deepEqual(
    decideMerge({
      source: row("a", "2023-06-01 00:00:00.000000"),
      target: row("b", "2024-02-01 00:00:00.000000"),
      columns,
      lastUpdated,
      previousImport,
    }),
    { action: "keep", conflict: false },
  );
});

test("a record changed on both sides since the previous import is a conflict the newer side wins", (t) => {
  const lastUpdated = "last_updated_timestamp";
  const older = "2024-02-01 00:00:00.000000";
  const newer = "2024-03-01 00:00:00.000001";
  t.deepEqual(
    decideMerge({ source: row("b", newer), target: row("c", older), columns, lastUpdated, previousImport }),
    {
      action: "update",
      conflict: true,
    },
  );
  t.deepEqual(
    decideMerge({ source: row("b", older), target: row("c", newer), columns, lastUpdated, previousImport }),
    {
      action: "keep",
      conflict: true,
    },
  );
});

test("without a previous import a differing record is a conflict; without a last-updated column the source's values win", (t) => {
  t.deepEqual(
    decideMerge({
      source: row("b", "2024"),
      target: row("c", "2023"),
      columns,
      lastUpdated: "last_updated_timestamp",
    }),
    { action: "update", conflict: true },
  );
  t.deepEqual(decideMerge({ source: row("b", "2022"), target: row("c", "2023"), columns, previousImport }), {
    action: "update",
    conflict: false,
  });
});
