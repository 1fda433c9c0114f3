import type { Logger } from "pino";
import { AnnotationServiceService } from "../../../proto/gen/m3/annotation/v1/annotation_service.js";
import { IndexServiceService } from "../../../proto/gen/m3/annotation/v1/index_service.js";
import { VideoReferenceInfoServiceService } from "../../../proto/gen/m3/annotation/v1/video_reference_info_service.js";
import type { TokenVerifier } from "../../kit/auth/token-service.js";
import { bindService, type ServiceBinding } from "../../kit/grpc/bind-service.js";
import type { DomainStorage } from "../../kit/storage/domain-storage.js";
import { actingHandlers } from "../history/acting-handlers.js";
import { type Actor, SERVICE_ACTOR } from "../history/services/actor.js";
import { INDEX_ACCESS } from "../indices/handlers/index.access.js";
import { indexHandlers } from "../indices/handlers/index.handlers.js";
import { IndexService } from "../indices/services/index.service.js";
import { VIDEO_REFERENCE_INFO_ACCESS } from "../video-infos/handlers/video-reference-info.access.js";
import { videoReferenceInfoHandlers } from "../video-infos/handlers/video-reference-info.handlers.js";
import { VideoReferenceInfoService } from "../video-infos/services/video-reference-info.service.js";
import { ANNOTATION_ACCESS } from "./handlers/annotation.access.js";
import { annotationHandlers } from "./handlers/annotation.handlers.js";
import { AnnotationService } from "./services/annotation.service.js";
import { AnnotationCreateService } from "./services/annotation-create.service.js";
import type { AnnotationStores } from "./services/annotation-graphs.js";
import { AnnotationUpdateService } from "./services/annotation-update.service.js";

export interface AnnotationsPartOptions {
  storage: DomainStorage;
  tokens: TokenVerifier;
  logger?: Logger;
  stores: AnnotationStores;
}

export interface AnnotationsServices {
  annotations: AnnotationService;
  creates: AnnotationCreateService;
  updates: AnnotationUpdateService;
  videoReferenceInfos: VideoReferenceInfoService;
  indices: IndexService;
}

export function createAnnotationsServices(
  storage: DomainStorage,
  stores: AnnotationStores,
  actor: Actor = SERVICE_ACTOR,
): AnnotationsServices {
  return {
    annotations: new AnnotationService(storage),
    creates: new AnnotationCreateService(storage, stores, actor),
    updates: new AnnotationUpdateService(storage, stores),
    videoReferenceInfos: new VideoReferenceInfoService(storage),
    indices: new IndexService(storage),
  };
}

/** The gRPC services of the annotations part: annotations, video reference information, indices. */
export function createAnnotationsBindings(options: AnnotationsPartOptions): ServiceBinding[] {
  const services = (storage: DomainStorage, actor: Actor) =>
    createAnnotationsServices(storage, options.stores, actor);
  const access = { tokens: options.tokens, logger: options.logger };
  return [
    bindService(
      AnnotationServiceService,
      actingHandlers(ANNOTATION_ACCESS, options.storage, (storage, actor) =>
        annotationHandlers(services(storage, actor)),
      ),
      { ...access, declaration: ANNOTATION_ACCESS },
    ),
    bindService(
      VideoReferenceInfoServiceService,
      actingHandlers(VIDEO_REFERENCE_INFO_ACCESS, options.storage, (storage) =>
        videoReferenceInfoHandlers(new VideoReferenceInfoService(storage)),
      ),
      { ...access, declaration: VIDEO_REFERENCE_INFO_ACCESS },
    ),
    bindService(
      IndexServiceService,
      actingHandlers(INDEX_ACCESS, options.storage, (storage) => indexHandlers(new IndexService(storage))),
      { ...access, declaration: INDEX_ACCESS },
    ),
  ];
}
