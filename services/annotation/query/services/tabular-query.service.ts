import type { QueryRequest } from "../../../../proto/gen/m3/annotation/v1/tabular_query_service.js";
import type { TabularQueryRepository } from "../repositories/tabular-query.repository.js";
import { VIEW_COLUMNS, type ViewColumn } from "../view/annotations-view.js";
import { tabularQueryOf } from "./tabular-query.rules.js";
import { DOWNLOAD_STYLE, encodeTsv, RUN_STYLE, type TsvStyle } from "./tsv.encoder.js";

/** A column as /query/columns lists it. */
export interface ListedColumn {
  column: ViewColumn;
  /** Set when the column is always null here, and why. */
  unavailableReason?: string;
}

const REGISTRY_UNREACHABLE =
  "the registry's tables cannot be read from the annotation database (another server, or not configured): always null";

/** The legacy tabular query (/v1/query) over the annotations view. */
export class TabularQueryService {
  constructor(private readonly queries: TabularQueryRepository) {}

  /** Every column of the view; the registry's are unavailable when its tables cannot be read. */
  async columns(): Promise<ListedColumn[]> {
    const registryJoined = await this.queries.registryJoined();
    return VIEW_COLUMNS.map((column) =>
      column.fromRegistry && !registryJoined
        ? { column, unavailableReason: REGISTRY_UNREACHABLE }
        : { column },
    );
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
    for await (const chunk of encodeTsv(query.columns, this.queries.rows(query, signal), style)) {
      // A batch of rows can make several chunks: none is given after an abort.
      signal.throwIfAborted();
      yield chunk;
    }
  }
}
