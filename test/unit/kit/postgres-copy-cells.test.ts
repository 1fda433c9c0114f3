import test from "ava";
import type { CellBatch } from "../../../services/kit/storage/cell-batch.js";
import { CopyCellBatchBuilder } from "../../../services/kit/storage/postgres-copy-cells.js";
import { cellText } from "../../support/text-protocol-rows.js";

/** The batches built from COPY text rows, each row given as its own buffer (as pg hands CopyData). */
function batchesOf(rows: readonly string[], columns: number): CellBatch[] {
  const batches: CellBatch[] = [];
  const builder = new CopyCellBatchBuilder(columns, (batch) => batches.push(batch));
  for (const row of rows) builder.add(Buffer.from(`${row}\n`, "utf8"));
  builder.finish();
  return batches;
}

function texts(batches: readonly CellBatch[]): (string | null)[][] {
  return batches.flatMap((batch) =>
    Array.from({ length: batch.rows }, (_, row) =>
      Array.from({ length: batch.columns }, (_, column) => cellText(batch, row, column)),
    ),
  );
}

test("COPY text rows: cells split at tabs, `\\N` is NULL, escapes are undone, empty and UTF-8 text kept", (t) => {
  const rows = [
    "a\t\\N\t\tÆrø",
    "tab\\there\tnew\\nline\tback\\\\slash\t\\b\\f\\r\\v\\q",
    "\\N\t\\N\t\\N\t\\N",
    "x\\ty\t\\N\tz\\\\N\t",
  ];
  t.deepEqual(texts(batchesOf(rows, 4)), [
    ["a", null, "", "Ærø"],
    ["tab\there", "new\nline", "back\\slash", "\b\f\r\vq"],
    [null, null, null, null],
    ["x\ty", null, "z\\N", ""],
  ]);
});

test("COPY text rows: batches of about 64 KiB, every row in order, a row longer than a batch whole", (t) => {
  const rows = Array.from({ length: 3000 }, (_, index) => `${index}\t${"y".repeat(100)}`);
  rows.splice(1500, 0, `long\t${"z".repeat(200_000)}`);
  const batches = batchesOf(rows, 2);
  t.true(batches.length > 4, `${batches.length} batches`);
  const all = texts(batches);
  t.is(all.length, 3001);
  t.deepEqual(all[1500], ["long", "z".repeat(200_000)]);
  t.deepEqual(all.at(-1), ["2999", "y".repeat(100)]);
  for (const batch of batches) t.true(batch.rows <= 1024);
});

test("COPY text rows: a row with another count of cells than the first is refused", (t) => {
  t.throws(() => batchesOf(["a\tb", "a\tb\tc"], 2), { message: /more cells/ });
  t.throws(() => batchesOf(["a\tb", "a"], 2), { message: /fewer cells/ });
  t.throws(() => new CopyCellBatchBuilder(1, () => {}).add(Buffer.from("no newline")), {
    message: /newline/,
  });
});
