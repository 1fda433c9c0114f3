import type { TabularQueryServiceService } from "../../../../proto/gen/m3/annotation/v1/tabular_query_service.js";
import type { ServiceHandlers } from "../../../kit/grpc/bind-service.js";
import type { TabularQueryService } from "../services/tabular-query.service.js";
import { toQueryColumn } from "./query-columns.mapper.js";

const RUN_CONTENT_TYPE = "text/plain; charset=utf-8";
const DOWNLOAD_CONTENT_TYPE = "text/tab-separated-values";
const DOWNLOAD_FILENAME = "results.tsv";

export function tabularQueryHandlers(
  queries: TabularQueryService,
): ServiceHandlers<typeof TabularQueryServiceService> {
  return {
    listQueryColumns: async () => ({ columns: (await queries.columns()).map(toQueryColumn) }),
    runQuery: async function* (r, ctx) {
      for await (const data of queries.run(r.query, ctx.signal)) {
        yield { contentType: RUN_CONTENT_TYPE, filename: "", data };
      }
    },
    downloadQuery: async function* (r, ctx) {
      for await (const data of queries.download(r.query, ctx.signal)) {
        yield { contentType: DOWNLOAD_CONTENT_TYPE, filename: DOWNLOAD_FILENAME, data };
      }
    },
    countQuery: async (r) => ({ count: await queries.count(r.query) }),
  };
}
