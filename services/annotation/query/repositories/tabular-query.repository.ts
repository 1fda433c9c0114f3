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
    const statement = selectStatement(query, await this.view.source(), this.storage.dialect);
    yield* streamRowValueBatches(this.storage, statement.sql, statement.params, signal);
  }

  async count(query: TabularQuery): Promise<number> {
    const statement = countStatement(query, await this.view.source());
    const rows = (await this.storage.read((manager) =>
      manager.query(statement.sql, statement.params),
    )) as Array<{
      count: number | string;
    }>;
    return Number(rows[0]?.count ?? 0);
  }
}
