import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { type StreamedRow, streamRows } from "../../../kit/storage/row-stream.js";
import type { TabularQuery } from "../services/tabular-query.js";
import type { AnnotationsViewSource } from "./annotations-view.source.js";
import { countStatement, selectStatement } from "./tabular-query.sql.js";

/** Runs tabular queries over the annotations view. */
export class TabularQueryRepository {
  constructor(
    private readonly storage: DomainStorage,
    private readonly view: AnnotationsViewSource,
  ) {}

  /** The query's rows, streamed: memory stays flat whatever the result size; abort kills the query. */
  async *rows(query: TabularQuery, signal: AbortSignal): AsyncGenerator<StreamedRow> {
    const statement = selectStatement(query, await this.view.source(), this.storage.dialect);
    yield* streamRows(this.storage, statement.sql, statement.params, signal);
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
