import type { Logger } from "pino";
import { FastQueryServiceService } from "../../../proto/gen/m3/annotation/v1/fast_query_service.js";
import type { TokenVerifier } from "../../kit/auth/token-service.js";
import { bindService, type ServiceBinding } from "../../kit/grpc/bind-service.js";
import type { DomainStorage } from "../../kit/storage/domain-storage.js";
import { actingHandlers } from "../history/acting-handlers.js";
import { FAST_QUERY_ACCESS } from "./handlers/fast-query.access.js";
import { fastQueryHandlers } from "./handlers/fast-query.handlers.js";
import { FastAnnotationService } from "./services/fast-annotation.service.js";
import { FastMediaService } from "./services/fast-media.service.js";

/** The .proto files of the fast queries, relative to proto/. */
export const FAST_PROTO_FILES = [
  "m3/annotation/v1/fast_query_service.proto",
  "m3/annotation/v1/fast_query_constraints.proto",
] as const;

export interface FastPartOptions {
  storage: DomainStorage;
  /** Checks the Bearer JWT of the whole-video delete. */
  tokens: TokenVerifier;
  logger?: Logger;
}

/** The fast annotation queries (legacy /v1/fast) as one gRPC service. */
export function createFastBindings(options: FastPartOptions): ServiceBinding[] {
  const services = (storage: DomainStorage) => ({
    annotations: new FastAnnotationService(storage),
    media: new FastMediaService(storage, options.logger),
  });
  return [
    bindService(
      FastQueryServiceService,
      actingHandlers(FAST_QUERY_ACCESS, options.storage, (storage) => fastQueryHandlers(services(storage))),
      { tokens: options.tokens, logger: options.logger, declaration: FAST_QUERY_ACCESS },
    ),
  ];
}
