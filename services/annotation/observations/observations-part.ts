import type { Logger } from "pino";
import { AssociationServiceService } from "../../../proto/gen/m3/annotation/v1/association_service.js";
import { ObservationServiceService } from "../../../proto/gen/m3/annotation/v1/observation_service.js";
import type { TokenVerifier } from "../../kit/auth/token-service.js";
import { bindService, type ServiceBinding } from "../../kit/grpc/bind-service.js";
import type { DomainStorage } from "../../kit/storage/domain-storage.js";
import type { ImagedMomentStore } from "../contracts/imaged-moment-store.js";
import { actingHandlers } from "../history/acting-handlers.js";
import { ASSOCIATION_ACCESS } from "./handlers/association.access.js";
import { associationHandlers } from "./handlers/association.handlers.js";
import { OBSERVATION_ACCESS } from "./handlers/observation.access.js";
import { observationHandlers } from "./handlers/observation.handlers.js";
import { AssociationService } from "./services/association.service.js";
import { ObservationService } from "./services/observation.service.js";
import { ObservationQueryService } from "./services/observation-query.service.js";

export interface ObservationsPartOptions {
  storage: DomainStorage;
  tokens: TokenVerifier;
  logger?: Logger;
  moments: ImagedMomentStore;
}

export interface ObservationsServices {
  observations: ObservationService;
  queries: ObservationQueryService;
  associations: AssociationService;
}

export function createObservationsServices(
  storage: DomainStorage,
  moments: ImagedMomentStore,
): ObservationsServices {
  return {
    observations: new ObservationService(storage, moments),
    queries: new ObservationQueryService(storage),
    associations: new AssociationService(storage),
  };
}

/** The gRPC services of the observations part: observations and associations; reads are public. */
export function createObservationsBindings(options: ObservationsPartOptions): ServiceBinding[] {
  const services = (storage: DomainStorage) => createObservationsServices(storage, options.moments);
  const access = { tokens: options.tokens, logger: options.logger };
  return [
    bindService(
      ObservationServiceService,
      actingHandlers(OBSERVATION_ACCESS, options.storage, (storage) => {
        const built = services(storage);
        return observationHandlers(built.observations, built.queries);
      }),
      { ...access, declaration: OBSERVATION_ACCESS },
    ),
    bindService(
      AssociationServiceService,
      actingHandlers(ASSOCIATION_ACCESS, options.storage, (storage) =>
        associationHandlers(services(storage).associations),
      ),
      { ...access, declaration: ASSOCIATION_ACCESS },
    ),
  ];
}
