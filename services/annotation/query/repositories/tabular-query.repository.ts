import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { type RowValues, streamRowValueBatches } from "../../../kit/storage/row-stream.js";
import type { TabularQuery } from "../services/tabular-query.js";
import type { AnnotationsViewSource } from "./annotations-view.source.js";
import { countStatement, selectStatement } from "./tabular-query.sql.js";

/** Runs tabular queries over the annotations view. */
export class TabularQueryRepository {
  constructor(
    private readonly storage: DomainStorage,
    private readonly view: AnnotationsViewSource,
  ) {}

  /**
   * The query's rows as value arrays in the order of `query.columns`, in batches, streamed:
   * memory stays flat whatever the result size; abort kills the query.
   */
  async *rows(query: TabularQuery, signal: AbortSignal): AsyncGenerator<RowValues[]> {
    const source = await this.view.source();
    const statement = selectStatement(query, source.from, this.storage.dialect);
    yield* streamRowValueBatches(this.storage, statement.sql, statement.params, signal, source);
  }

  /** Through the same (read-only, on SQLite) connection as the rows, which sees the registry too. */
  async count(query: TabularQuery): Promise<number> {
    const source = await this.view.source();
    const statement = countStatement(query, source.from);
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
