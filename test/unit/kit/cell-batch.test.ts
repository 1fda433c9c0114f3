import test from "ava";
import { type CellBatch, CellBatchBuilder } from "../../../services/kit/storage/cell-batch.js";
import { cellBatchesOf, cellText } from "../../support/text-protocol-rows.js";

function texts(batch: CellBatch): (string | null)[][] {
  return Array.from({ length: batch.rows }, (_, row) =>
    Array.from({ length: batch.columns }, (_, column) => cellText(batch, row, column)),
  );
}

test("cells of text-protocol rows keep their text, NULLs, empty texts and long texts apart", (t) => {
  const long = "x".repeat(300);
  const longer = "ü".repeat(40_000);
  const rows = [
    ["a", null, "", "Ærø"],
    [long, "2", null, longer],
  ];
  const [batch, ...more] = cellBatchesOf(rows, 4);
  t.is(more.length, 0);
  t.deepEqual(texts(batch as CellBatch), rows);
});

test("batches hand over about 64 KiB of rows each, every row in order", (t) => {
  const rows = Array.from({ length: 3000 }, (_, index) => [String(index), "y".repeat(100)]);
  const batches = cellBatchesOf(rows, 2);
  t.true(batches.length > 1);
  // Each batch but the last is handed over with the row that takes it to 64 KiB.
  for (const batch of batches.slice(0, -1)) {
    const bytes = batch.lengths.reduce((sum, length) => sum + length, 0);
    t.true(bytes >= 64 * 1024 && bytes - (batch.lengths.at(-1) as number) < 64 * 1024, `${bytes} bytes`);
  }
  t.deepEqual(
    batches.flatMap((batch) => texts(batch).map((row) => row[0])),
    rows.map((row) => row[0]),
  );
});

test("a row added to another batch keeps its cells; skipping rows leaves the rest", (t) => {
  const [batch] = cellBatchesOf(
    [
      ["1", null],
      ["2", "b"],
      ["3", "c"],
    ],
    2,
  ) as [CellBatch];
  const builder = new CellBatchBuilder(2);
  builder.addRow(batch, 2);
  builder.addRow(batch, 0);
  t.deepEqual(texts(builder.take() as CellBatch), [
    ["3", "c"],
    ["1", null],
  ]);
  t.deepEqual(texts(batch.withoutFirst(1)), [
    ["2", "b"],
    ["3", "c"],
  ]);
  t.is(builder.take(), undefined);
});

test("cells compare by their bytes, NULL first and equal only to NULL", (t) => {
  const [batch] = cellBatchesOf([["b"], [null], ["a"], ["b"], [null]], 1) as [CellBatch];
  t.true(batch.sameCell(0, 0, batch, 3));
  t.true(batch.sameCell(1, 0, batch, 4));
  t.false(batch.sameCell(0, 0, batch, 1));
  t.true(batch.compareCell(2, 0, batch, 0) < 0);
  t.true(batch.compareCell(0, 0, batch, 2) > 0);
  t.true(batch.compareCell(1, 0, batch, 2) < 0);
  t.true(batch.compareCell(2, 0, batch, 1) > 0);
  t.is(batch.compareCell(1, 0, batch, 4), 0);
});

test("a packet that ends inside its cells is refused", (t) => {
  const builder = new CellBatchBuilder(2);
  const packet = Buffer.from([3, 0x61, 0x62, 0x63, 5, 0x61]);
  t.throws(() => builder.addPacket(packet, 0, packet.length), { message: /ended inside its cells/ });
});
