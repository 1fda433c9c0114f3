import type { Logger } from "pino";
import { HistoryServiceService } from "../../../proto/gen/m3/annotation/v1/history_service.js";
import type { TokenVerifier } from "../../kit/auth/token-service.js";
import { bindService, type ServiceBinding } from "../../kit/grpc/bind-service.js";
import type { DomainStorage } from "../../kit/storage/domain-storage.js";
import { HISTORY_ACCESS } from "./handlers/history.access.js";
import { historyHandlers } from "./handlers/history.handlers.js";
import { AnnotationHistoryService } from "./services/annotation-history.service.js";

/** The .proto files of the history, relative to proto/. */
export const HISTORY_PROTO_FILES = ["m3/annotation/v1/history_service.proto"] as const;

export interface HistoryPartOptions {
  storage: DomainStorage;
  tokens: TokenVerifier;
  logger?: Logger;
}

/**
 * The history of annotation changes. It is written by the change events' storage (every write
 * transaction of the domain), and read here.
 */
export function createHistoryBindings(options: HistoryPartOptions): ServiceBinding[] {
  return [
    bindService(HistoryServiceService, historyHandlers(new AnnotationHistoryService(options.storage)), {
      tokens: options.tokens,
      logger: options.logger,
      declaration: HISTORY_ACCESS,
    }),
  ];
}
