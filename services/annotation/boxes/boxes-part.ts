import type { Logger } from "pino";
import { BoxServiceService } from "../../../proto/gen/m3/annotation/v1/box_service.js";
import type { TokenVerifier } from "../../kit/auth/token-service.js";
import { bindService, type ServiceBinding } from "../../kit/grpc/bind-service.js";
import type { DomainStorage } from "../../kit/storage/domain-storage.js";
import { actingHandlers } from "../history/acting-handlers.js";
import type { RegistryLink } from "../query/registry-link.js";
import { BOX_ACCESS } from "./handlers/box.access.js";
import { boxHandlers } from "./handlers/box.handlers.js";
import type { ConceptTree } from "./kb-concepts.js";
import { BoxQueryService } from "./services/box-query.service.js";
import { BoxReviewService } from "./services/box-review.service.js";

/** The .proto files of the boxes, relative to proto/. */
export const BOX_PROTO_FILES = ["m3/annotation/v1/box_service.proto"] as const;

export interface BoxPartOptions {
  storage: DomainStorage;
  tokens: TokenVerifier;
  logger?: Logger;
  /** Where a dive's videos are found; unset, a query by dive answers UNAVAILABLE. */
  registry?: RegistryLink;
  /** The kb: descendants and relabel concepts; unset, descendants answer UNAVAILABLE and relabels are not checked. */
  kb?: ConceptTree;
}

/**
 * Bounding boxes: queries through the box index (open), review actions (JWT), made on behalf of
 * the token's user: its role is checked and the history names it.
 */
export function createBoxBindings(options: BoxPartOptions): ServiceBinding[] {
  return [
    bindService(
      BoxServiceService,
      actingHandlers(BOX_ACCESS, options.storage, (storage) =>
        boxHandlers(
          new BoxQueryService(storage, options.registry, options.kb),
          new BoxReviewService(storage, options.kb),
        ),
      ),
      { tokens: options.tokens, logger: options.logger, declaration: BOX_ACCESS },
    ),
  ];
}
