import type { Logger } from "pino";
import { AncillaryDataServiceService } from "../../../proto/gen/m3/annotation/v1/ancillary_data_service.js";
import { ImageServiceService } from "../../../proto/gen/m3/annotation/v1/image_service.js";
import { ImagedMomentServiceService } from "../../../proto/gen/m3/annotation/v1/imaged_moment_service.js";
import type { TokenVerifier } from "../../kit/auth/token-service.js";
import { bindService, type ServiceBinding } from "../../kit/grpc/bind-service.js";
import type { DomainStorage } from "../../kit/storage/domain-storage.js";
import type { ImagedMomentStore } from "../contracts/imaged-moment-store.js";
import { actingHandlers } from "../history/acting-handlers.js";
import { ANCILLARY_DATA_ACCESS } from "./handlers/ancillary-data.access.js";
import { ancillaryDataHandlers } from "./handlers/ancillary-data.handlers.js";
import { IMAGE_ACCESS } from "./handlers/image.access.js";
import { imageHandlers } from "./handlers/image.handlers.js";
import { IMAGED_MOMENT_ACCESS } from "./handlers/imaged-moment.access.js";
import { imagedMomentHandlers } from "./handlers/imaged-moment.handlers.js";
import { AncillaryDataService } from "./services/ancillary-data.service.js";
import { ImageService } from "./services/image.service.js";
import { ImagedMomentQueryService } from "./services/imaged-moment-query.service.js";
import { ImagedMomentWriteService } from "./services/imaged-moment-write.service.js";
import { MomentReader } from "./services/moment-reader.js";

export interface MomentsPartOptions {
  storage: DomainStorage;
  tokens: TokenVerifier;
  logger?: Logger;
  moments: ImagedMomentStore;
}

export interface MomentsServices {
  momentQueries: ImagedMomentQueryService;
  momentWrites: ImagedMomentWriteService;
  images: ImageService;
  ancillaryData: AncillaryDataService;
}

/** The rules of the moments part over the shared stores. */
export function createMomentsServices(storage: DomainStorage, moments: ImagedMomentStore): MomentsServices {
  const reader = new MomentReader();
  return {
    momentQueries: new ImagedMomentQueryService(storage, reader),
    momentWrites: new ImagedMomentWriteService(storage, reader),
    images: new ImageService(storage, moments),
    ancillaryData: new AncillaryDataService(storage),
  };
}

/** The gRPC services of the moments part: imaged moments, images and image references, ancillary data. */
export function createMomentsBindings(options: MomentsPartOptions): ServiceBinding[] {
  const services = (storage: DomainStorage) => createMomentsServices(storage, options.moments);
  const access = { tokens: options.tokens, logger: options.logger };
  return [
    bindService(
      ImagedMomentServiceService,
      actingHandlers(IMAGED_MOMENT_ACCESS, options.storage, (storage) => {
        const built = services(storage);
        return imagedMomentHandlers(built.momentQueries, built.momentWrites);
      }),
      { ...access, declaration: IMAGED_MOMENT_ACCESS },
    ),
    bindService(
      ImageServiceService,
      actingHandlers(IMAGE_ACCESS, options.storage, (storage) => imageHandlers(services(storage).images)),
      { ...access, declaration: IMAGE_ACCESS },
    ),
    bindService(
      AncillaryDataServiceService,
      actingHandlers(ANCILLARY_DATA_ACCESS, options.storage, (storage) =>
        ancillaryDataHandlers(services(storage).ancillaryData),
      ),
      { ...access, declaration: ANCILLARY_DATA_ACCESS },
    ),
  ];
}
