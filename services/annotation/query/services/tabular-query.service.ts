import type { QueryRequest } from "../../../../proto/gen/m3/annotation/v1/tabular_query_service.js";
import type { TabularQueryRepository } from "../repositories/tabular-query.repository.js";
import { VIEW_COLUMNS, type ViewColumn } from "../view/annotations-view.js";
import { tabularQueryOf } from "./tabular-query.rules.js";
import { DOWNLOAD_STYLE, encodeTsv, RUN_STYLE, type TsvStyle } from "./tsv.encoder.js";

/** The legacy tabular query (/v1/query) over the annotations view. */
export class TabularQueryService {
  constructor(private readonly queries: TabularQueryRepository) {}

  columns(): readonly ViewColumn[] {
    return VIEW_COLUMNS;
  }

  /** The rows as TSV (nulls as `null`, a lone newline when nothing matches), streamed. */
  run(request: QueryRequest | undefined, signal: AbortSignal): AsyncGenerator<Buffer> {
    return this.tsv(request, signal, RUN_STYLE);
  }

  /** The rows as a TSV file (empty nulls, header always), streamed. */
  download(request: QueryRequest | undefined, signal: AbortSignal): AsyncGenerator<Buffer> {
    return this.tsv(request, signal, DOWNLOAD_STYLE);
  }

  count(request: QueryRequest | undefined): Promise<number> {
    return this.queries.count(tabularQueryOf(request, "count"));
  }

  private async *tsv(
    request: QueryRequest | undefined,
    signal: AbortSignal,
    style: TsvStyle,
  ): AsyncGenerator<Buffer> {
    // Checked before the first chunk, so a bad query is an error reply, not a broken stream.
    const query = tabularQueryOf(request, "rows");
    yield* encodeTsv(query.columns, this.queries.rows(query, signal), style);
  }
}
