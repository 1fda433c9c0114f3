import test from "ava";
import {
  RunTooLongError,
  sortedCellRuns,
  sortedRuns,
} from "../../../services/annotation/query/repositories/sorted-runs.js";
import type { CellBatch } from "../../../services/kit/storage/cell-batch.js";
import { cellBatchesOf, cellText } from "../../support/text-protocol-rows.js";

/** Rows of [printed, lead, tie]: runs of equal leads, their ties out of order, some null. */
const rows: (string | null)[][] = [];
for (let lead = 0; lead < 400; lead++) {
  const size = (lead % 5) + 1;
  for (let i = 0; i < size; i++) {
    const tie = (lead * 7 + i * 13) % 3 === 0 ? null : `t${(size - i) % 4}-${i}`;
    rows.push([`row ${rows.length}`, `2024-01-01 00:00:${String(lead).padStart(6, "0")}`, tie]);
  }
}
const order = { leadIndex: 1, tieIndexes: [2] };

async function* each<T>(items: readonly T[]): AsyncGenerator<T> {
  yield* items;
}

async function printedOfCells(batches: AsyncIterable<CellBatch>): Promise<(string | null)[]> {
  const printed: (string | null)[] = [];
  for await (const batch of batches) {
    for (let row = 0; row < batch.rows; row++) printed.push(cellText(batch, row, 0));
  }
  return printed;
}

test("runs read as text come out in the order of runs read as values, across batch boundaries", async (t) => {
  const valueBatches = [rows.slice(0, 333), rows.slice(333, 334), rows.slice(334)];
  const expected: (string | null)[] = [];
  for await (const batch of sortedRuns(each(valueBatches), order, 100)) {
    for (const row of batch) expected.push(row[0] as string);
  }
  const cellBatches = cellBatchesOf(rows, 3);
  // Batches of seven rows, so that runs span them.
  const small = Array.from({ length: Math.ceil(rows.length / 7) }, (_, index) =>
    cellBatchesOf(rows.slice(index * 7, index * 7 + 7), 3),
  ).flat();
  t.is(expected.length, rows.length);
  t.notDeepEqual(
    expected,
    rows.map((row) => row[0]),
  );
  t.deepEqual(await printedOfCells(sortedCellRuns(each(cellBatches), order, 100)), expected);
  t.deepEqual(await printedOfCells(sortedCellRuns(each(small), order, 100)), expected);
});

test("a run longer than the limit fails before any of its rows is given", async (t) => {
  const long = Array.from({ length: 12 }, (_, index) => [`r${index}`, "same", `t${index}`]);
  const given: (string | null)[] = [];
  const error = await t.throwsAsync(async () => {
    for await (const batch of sortedCellRuns(each(cellBatchesOf(long, 3)), order, 10)) {
      for (let row = 0; row < batch.rows; row++) given.push(cellText(batch, row, 0));
    }
  });
  t.true(error instanceof RunTooLongError);
  t.deepEqual(given, []);
});
