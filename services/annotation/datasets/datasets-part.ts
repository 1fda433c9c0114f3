import type { Logger } from "pino";
import { DatasetServiceService } from "../../../proto/gen/m3/annotation/v1/dataset_service.js";
import type { TokenVerifier } from "../../kit/auth/token-service.js";
import { bindService, type ServiceBinding } from "../../kit/grpc/bind-service.js";
import type { DomainStorage } from "../../kit/storage/domain-storage.js";
import { FastAnnotationService } from "../fast/services/fast-annotation.service.js";
import type { RegistryLink } from "../query/registry-link.js";
import { DATASET_ACCESS } from "./handlers/dataset.access.js";
import { datasetHandlers } from "./handlers/dataset.handlers.js";
import { DatasetService } from "./services/dataset.service.js";

/** The .proto files of the datasets, relative to proto/. */
export const DATASET_PROTO_FILES = ["m3/annotation/v1/dataset_service.proto"] as const;

export interface DatasetPartOptions {
  storage: DomainStorage;
  tokens: TokenVerifier;
  logger?: Logger;
  /** Where the media come from; unset, every dataset read answers UNAVAILABLE. */
  registry?: RegistryLink;
}

/** Publication datasets (legacy charybdis) over the fast queries and the registry's tables; all open. */
export function createDatasetBindings(options: DatasetPartOptions): ServiceBinding[] {
  const fast = new FastAnnotationService(options.storage);
  const datasets = new DatasetService(options.storage, fast, options.registry);
  return [
    bindService(DatasetServiceService, datasetHandlers(datasets), {
      tokens: options.tokens,
      logger: options.logger,
      declaration: DATASET_ACCESS,
    }),
  ];
}
