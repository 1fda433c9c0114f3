import type { Logger } from "pino";
import { HistogramServiceService } from "../../../proto/gen/m3/annotation/v1/histogram_service.js";
import {
  QueryResultChunk,
  TabularQueryServiceService,
} from "../../../proto/gen/m3/annotation/v1/tabular_query_service.js";
import type { TokenVerifier } from "../../kit/auth/token-service.js";
import { bindService, type ServiceBinding } from "../../kit/grpc/bind-service.js";
import { reusedWriterSerializer } from "../../kit/grpc/reused-writer.js";
import type { DomainStorage } from "../../kit/storage/domain-storage.js";
import { HISTOGRAM_ACCESS } from "./handlers/histogram.access.js";
import { histogramHandlers } from "./handlers/histogram.handlers.js";
import { TABULAR_QUERY_ACCESS } from "./handlers/tabular-query.access.js";
import { tabularQueryHandlers } from "./handlers/tabular-query.handlers.js";
import type { RegistryLink } from "./registry-link.js";
import { AnnotationsViewSource } from "./repositories/annotations-view.source.js";
import { HistogramRepository } from "./repositories/histogram.repository.js";
import { TabularQueryRepository } from "./repositories/tabular-query.repository.js";
import { HistogramService } from "./services/histogram.service.js";
import { TabularQueryService } from "./services/tabular-query.service.js";

/** The .proto files of the histograms and the tabular query, relative to proto/. */
export const QUERY_PROTO_FILES = [
  "m3/annotation/v1/histogram_service.proto",
  "m3/annotation/v1/tabular_query_service.proto",
  "m3/annotation/v1/fast_query_constraints.proto",
] as const;

export interface QueryPartOptions {
  storage: DomainStorage;
  tokens: TokenVerifier;
  logger?: Logger;
  /** Where the tabular query's registry columns come from; unset, they are null. */
  registry?: RegistryLink;
}

const serializeChunk = reusedWriterSerializer(QueryResultChunk);

/** The tabular query's service, its streamed TSV chunks serialized with one copy each. */
const TABULAR_QUERY_SERVICE: typeof TabularQueryServiceService = {
  ...TabularQueryServiceService,
  runQuery: { ...TabularQueryServiceService.runQuery, responseSerialize: serializeChunk },
  downloadQuery: { ...TabularQueryServiceService.downloadQuery, responseSerialize: serializeChunk },
};

/** Histograms (legacy /v1/histogram) and the tabular query (legacy /v1/query); all open. */
export function createQueryBindings(options: QueryPartOptions): ServiceBinding[] {
  const view = new AnnotationsViewSource(options.storage, options.registry, options.logger);
  const histograms = new HistogramService(new HistogramRepository(options.storage));
  const queries = new TabularQueryService(new TabularQueryRepository(options.storage, view));
  const access = { tokens: options.tokens, logger: options.logger };
  return [
    bindService(HistogramServiceService, histogramHandlers(histograms), {
      ...access,
      declaration: HISTOGRAM_ACCESS,
    }),
    bindService(TABULAR_QUERY_SERVICE, tabularQueryHandlers(queries), {
      ...access,
      declaration: TABULAR_QUERY_ACCESS,
    }),
  ];
}
