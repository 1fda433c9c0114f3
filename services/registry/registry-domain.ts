import type { Logger } from "pino";
import { MediaServiceService } from "../../proto/gen/m3/registry/v1/media_service.js";
import { VideoReferenceServiceService } from "../../proto/gen/m3/registry/v1/video_reference_service.js";
import { VideoSequenceServiceService } from "../../proto/gen/m3/registry/v1/video_sequence_service.js";
import { VideoServiceService } from "../../proto/gen/m3/registry/v1/video_service.js";
import type { TokenVerifier } from "../kit/auth/token-service.js";
import { bindService, type ServiceBinding } from "../kit/grpc/bind-service.js";
import type { DatabaseTarget } from "../kit/storage/database-url.js";
import { type DomainStorage, openDomainStorage } from "../kit/storage/domain-storage.js";
import { VideoEntity } from "./entities/video.entity.js";
import { VideoReferenceEntity } from "./entities/video-reference.entity.js";
import { VideoSequenceEntity } from "./entities/video-sequence.entity.js";
import { MEDIA_PUBLIC_METHODS, mediaHandlers } from "./handlers/media.handlers.js";
import { VIDEO_PUBLIC_METHODS, videoHandlers } from "./handlers/video.handlers.js";
import {
  VIDEO_REFERENCE_PUBLIC_METHODS,
  videoReferenceHandlers,
} from "./handlers/video-reference.handlers.js";
import { VIDEO_SEQUENCE_PUBLIC_METHODS, videoSequenceHandlers } from "./handlers/video-sequence.handlers.js";
import { InitRegistryMysql } from "./migrations/mysql/init-registry.migration.js";
import { UriSuffixIndexMysql } from "./migrations/mysql/uri-suffix-index.migration.js";
import { InitRegistrySqlite } from "./migrations/sqlite/init-registry.migration.js";
import { UriSuffixIndexSqlite } from "./migrations/sqlite/uri-suffix-index.migration.js";
import { RegistryStore } from "./repositories/registry-store.js";
import { MediaService } from "./services/media.service.js";
import { MediaMoveService } from "./services/media-move.service.js";
import { MediaUpdateService } from "./services/media-update.service.js";
import { VideoService } from "./services/video.service.js";
import { VideoReferenceService } from "./services/video-reference.service.js";
import { VideoSequenceService } from "./services/video-sequence.service.js";

/** The registry's .proto files, relative to proto/ (resources.proto comes in through their imports). */
export const REGISTRY_PROTO_FILES = [
  "m3/registry/v1/media_service.proto",
  "m3/registry/v1/video_sequence_service.proto",
  "m3/registry/v1/video_service.proto",
  "m3/registry/v1/video_reference_service.proto",
] as const;

export const registryEntities = [VideoSequenceEntity, VideoEntity, VideoReferenceEntity];

export const registryMigrations = {
  mysql: [InitRegistryMysql, UriSuffixIndexMysql],
  sqlite: [InitRegistrySqlite, UriSuffixIndexSqlite],
};

/** Opens (and migrates) the registry's tables at the target. */
export function openRegistryStorage(target: DatabaseTarget): Promise<DomainStorage> {
  return openDomainStorage({
    target,
    domain: "registry",
    entities: registryEntities,
    migrations: registryMigrations,
  });
}

export interface RegistryServices {
  sequences: VideoSequenceService;
  videos: VideoService;
  references: VideoReferenceService;
  media: MediaService;
  mediaUpdate: MediaUpdateService;
  mediaMove: MediaMoveService;
}

/** The registry's rules over its storage; `timeWindowMinutes` is the legacy search window W. */
export function createRegistryServices(storage: DomainStorage, timeWindowMinutes: number): RegistryServices {
  const store = new RegistryStore(storage);
  return {
    sequences: new VideoSequenceService(store, timeWindowMinutes),
    videos: new VideoService(store, timeWindowMinutes),
    references: new VideoReferenceService(store),
    media: new MediaService(store, timeWindowMinutes),
    mediaUpdate: new MediaUpdateService(store),
    mediaMove: new MediaMoveService(store),
  };
}

export interface RegistryDomainOptions {
  storage: DomainStorage;
  timeWindowMinutes: number;
  /** Checks the Bearer JWT of every write. */
  tokens: TokenVerifier;
  logger?: Logger;
}

/** The four registry gRPC services; reads are public, writes need a JWT. */
export function createRegistryDomain(options: RegistryDomainOptions): ServiceBinding[] {
  const services = createRegistryServices(options.storage, options.timeWindowMinutes);
  const access = { tokens: options.tokens, logger: options.logger };
  return [
    bindService(MediaServiceService, mediaHandlers(services), {
      ...access,
      publicMethods: MEDIA_PUBLIC_METHODS,
    }),
    bindService(VideoSequenceServiceService, videoSequenceHandlers(services.sequences), {
      ...access,
      publicMethods: VIDEO_SEQUENCE_PUBLIC_METHODS,
    }),
    bindService(VideoServiceService, videoHandlers(services.videos), {
      ...access,
      publicMethods: VIDEO_PUBLIC_METHODS,
    }),
    bindService(VideoReferenceServiceService, videoReferenceHandlers(services.references), {
      ...access,
      publicMethods: VIDEO_REFERENCE_PUBLIC_METHODS,
    }),
  ];
}
