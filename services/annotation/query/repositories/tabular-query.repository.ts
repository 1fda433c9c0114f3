import { CellBatch } from "../../../kit/storage/cell-batch.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { type RowValues, streamCellBatches, streamRowValueBatches } from "../../../kit/storage/row-stream.js";
import type { TabularQuery } from "../services/tabular-query.js";
import type { AnnotationsViewSource, ViewSource } from "./annotations-view.source.js";
import { type RunOrderPlan, runOrderPlan } from "./run-order.sql.js";
import { RunTooLongError, sortedCellRuns, sortedRuns } from "./sorted-runs.js";
import { countStatement, selectStatement } from "./tabular-query.sql.js";

/**
 * A batch of rows in the order of the query's columns: value arrays (SQLite), or on MySQL and
 * PostgreSQL the text the server sent (CellBatch; PostgreSQL's through COPY), which readers that
 * print text use without a string per value.
 */
export type TabularRows = RowValues[] | CellBatch;

/** Rows of one run held in memory at most by default (~100 MB of wide rows); longer runs are sorted by the database. */
const MAX_RUN = 100_000;

/** Runs tabular queries over the annotations view. */
export class TabularQueryRepository {
  constructor(
    private readonly storage: DomainStorage,
    private readonly view: AnnotationsViewSource,
    private readonly maxRun = MAX_RUN,
  ) {}

  /**
   * The query's rows in the order of `query.columns` (sometimes followed by the values of
   * order columns not selected), in batches, streamed: memory stays flat
   * whatever the result size; abort kills the query. When runOrderPlan applies, the database
   * sorts by the first order column and runs are sorted here; a run too long for memory
   * restarts the query sorted by the database, past the rows already given.
   */
  async *rows(query: TabularQuery, signal: AbortSignal): AsyncGenerator<TabularRows> {
    const source = await this.view.source();
    const plan = runOrderPlan(query);
    let given = 0;
    if (plan) {
      try {
        for await (const batch of this.sortedRuns(plan, source, signal)) {
          given += rowCount(batch);
          yield batch;
        }
        return;
      } catch (error) {
        if (!(error instanceof RunTooLongError)) throw error;
      }
    }
    for await (const batch of this.stream(query, source, signal)) {
      const count = rowCount(batch);
      const skipped = Math.min(given, count);
      given -= skipped;
      if (skipped < count) yield skipped === 0 ? batch : withoutFirst(batch, skipped);
    }
  }

  private sortedRuns(
    plan: RunOrderPlan,
    source: ViewSource,
    signal: AbortSignal,
  ): AsyncGenerator<TabularRows> {
    if (this.readsCells) {
      return sortedCellRuns(this.streamCells(plan.query, source, signal), plan.runOrder, this.maxRun);
    }
    return sortedRuns(this.streamValues(plan.query, source, signal), plan.runOrder, this.maxRun);
  }

  private stream(query: TabularQuery, source: ViewSource, signal: AbortSignal): AsyncGenerator<TabularRows> {
    return this.readsCells
      ? this.streamCells(query, source, signal)
      : this.streamValues(query, source, signal);
  }

  /** Whether the engine sends rows as text m3 keeps as cells (the fastest read of each: cell-batch.ts). */
  private get readsCells(): boolean {
    return this.storage.dialect === "mysql" || this.storage.dialect === "postgres";
  }

  private streamCells(
    query: TabularQuery,
    source: ViewSource,
    signal: AbortSignal,
  ): AsyncGenerator<CellBatch> {
    const statement = selectStatement(query, source.from, this.storage.dialect);
    return streamCellBatches(this.storage, statement.sql, statement.params, signal);
  }

  private streamValues(
    query: TabularQuery,
    source: ViewSource,
    signal: AbortSignal,
  ): AsyncGenerator<RowValues[]> {
    const statement = selectStatement(query, source.from, this.storage.dialect);
    return streamRowValueBatches(this.storage, statement.sql, statement.params, signal, source);
  }

  /** Through the same (read-only, on SQLite) connection as the rows, which sees the registry too. */
  async count(query: TabularQuery): Promise<number> {
    const source = await this.view.source();
    const statement = countStatement(query, source.from, this.storage.dialect);
    const signal = new AbortController().signal;
    let count = 0;
    // Read to the end (one row): leaving a stream early would kill its query.
    for await (const batch of streamRowValueBatches(
      this.storage,
      statement.sql,
      statement.params,
      signal,
      source,
    )) {
      count = Number(batch[0]?.[0] ?? count);
    }
    return count;
  }

  /** Whether the view's registry columns hold the registry's values (else they are null). */
  async registryJoined(): Promise<boolean> {
    return (await this.view.source()).registryJoined;
  }
}

function rowCount(batch: TabularRows): number {
  return batch instanceof CellBatch ? batch.rows : batch.length;
}

function withoutFirst(batch: TabularRows, count: number): TabularRows {
  return batch instanceof CellBatch ? batch.withoutFirst(count) : batch.slice(count);
}
