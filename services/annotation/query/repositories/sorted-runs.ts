import { type CellBatch, CellBatchBuilder } from "../../../kit/storage/cell-batch.js";
import type { RowValues } from "../../../kit/storage/row-stream.js";
import type { RunOrder } from "./run-order.sql.js";

/** A run longer than the limit: the rows must be sorted by the database instead. */
export class RunTooLongError extends Error {
  constructor(readonly limit: number) {
    super(`more than ${limit} rows share the first order column's value`);
  }
}

/**
 * Batches ordered by the lead column into batches fully ordered: each run of rows with the
 * same lead value is held until it ends, then sorted (stably) by the tie columns, nulls first
 * as the databases order them. A run of more than `maxRun` rows throws RunTooLongError before
 * any of its rows is given out, so memory stays bounded.
 */
export async function* sortedRuns(
  batches: AsyncIterable<RowValues[]>,
  order: RunOrder,
  maxRun: number,
): AsyncGenerator<RowValues[]> {
  const compare = tieComparator(order.tieIndexes);
  let run: RowValues[] = [];
  let lead: unknown;
  for await (const batch of batches) {
    const ordered: RowValues[] = [];
    for (const row of batch) {
      const value = row[order.leadIndex];
      if (run.length > 0 && value !== lead) {
        appendSorted(ordered, run, compare);
        run = [];
      }
      lead = value;
      run.push(row);
      if (run.length > maxRun) throw new RunTooLongError(maxRun);
    }
    if (ordered.length > 0) yield ordered;
  }
  if (run.length > 0) {
    const ordered: RowValues[] = [];
    appendSorted(ordered, run, compare);
    yield ordered;
  }
}

/**
 * As sortedRuns, over rows left as the database's text (CellBatch): UUIDs compare by their
 * bytes as by their strings, and the lead value by its text. Rows come out copied into new
 * batches of about 64 KiB, each run whole and sorted.
 */
export async function* sortedCellRuns(
  batches: AsyncIterable<CellBatch>,
  order: RunOrder,
  maxRun: number,
): AsyncGenerator<CellBatch> {
  let builder: CellBatchBuilder | undefined;
  let runBatches: CellBatch[] = [];
  let runRows: number[] = [];
  const compare = (a: number, b: number): number => {
    for (const column of order.tieIndexes) {
      const rowA = runRows[a] as number;
      const rowB = runRows[b] as number;
      const result = (runBatches[a] as CellBatch).compareCell(rowA, column, runBatches[b] as CellBatch, rowB);
      if (result !== 0) return result;
    }
    return 0;
  };
  // Adds the run to the output sorted, handing over each batch that fills.
  function* endRun(output: CellBatchBuilder): Generator<CellBatch> {
    const indexes = runRows.map((_, index) => index);
    if (indexes.length > 1) indexes.sort(compare);
    for (const index of indexes) {
      output.addRow(runBatches[index] as CellBatch, runRows[index] as number);
      if (output.full) yield output.take() as CellBatch;
    }
    runBatches = [];
    runRows = [];
  }
  for await (const batch of batches) {
    builder ??= new CellBatchBuilder(batch.columns);
    for (let row = 0; row < batch.rows; row++) {
      const last = runRows.length - 1;
      if (
        last >= 0 &&
        !batch.sameCell(row, order.leadIndex, runBatches[last] as CellBatch, runRows[last] as number)
      ) {
        yield* endRun(builder);
      }
      runBatches.push(batch);
      runRows.push(row);
      if (runRows.length > maxRun) throw new RunTooLongError(maxRun);
    }
  }
  if (builder === undefined) return;
  yield* endRun(builder);
  const rest = builder.take();
  if (rest) yield rest;
}

type Comparator = (a: RowValues, b: RowValues) => number;

function appendSorted(target: RowValues[], run: RowValues[], compare: Comparator): void {
  if (run.length > 1) run.sort(compare);
  for (const row of run) target.push(row);
}

function tieComparator(indexes: readonly number[]): Comparator {
  return (a, b) => {
    for (const index of indexes) {
      const order = compareNullsFirst(a[index], b[index]);
      if (order !== 0) return order;
    }
    return 0;
  };
}

function compareNullsFirst(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  return (a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0;
}
