import type { Logger } from "pino";
import type { TokenVerifier } from "../kit/auth/token-service.js";
import type { ServiceBinding } from "../kit/grpc/bind-service.js";
import type { DatabaseTarget } from "../kit/storage/database-url.js";
import { type DomainStorage, openDomainStorage } from "../kit/storage/domain-storage.js";
import { VideoEntity } from "./entities/video.entity.js";
import { VideoReferenceEntity } from "./entities/video-reference.entity.js";
import { VideoSequenceEntity } from "./entities/video-sequence.entity.js";
import type { MediaServices } from "./media/handlers/media.handlers.js";
import { createMediaBindings, createMediaServices, MEDIA_PROTO_FILES } from "./media/media-part.js";
import { InitRegistryMysql } from "./migrations/mysql/init-registry.migration.js";
import { UriSuffixIndexMysql } from "./migrations/mysql/uri-suffix-index.migration.js";
import { InitRegistryPostgres } from "./migrations/postgres/init-registry.migration.js";
import { UriSuffixIndexPostgres } from "./migrations/postgres/uri-suffix-index.migration.js";
import { InitRegistrySqlite } from "./migrations/sqlite/init-registry.migration.js";
import { UriSuffixIndexSqlite } from "./migrations/sqlite/uri-suffix-index.migration.js";
import { RegistryStore } from "./shared/registry-store.js";
import {
  createVideoServices,
  createVideosBindings,
  VIDEOS_PROTO_FILES,
  type VideoServices,
} from "./videos/videos-part.js";

/** The registry's .proto files, relative to proto/ (resources.proto comes in through their imports). */
export const REGISTRY_PROTO_FILES = [...MEDIA_PROTO_FILES, ...VIDEOS_PROTO_FILES] as const;

export const registryEntities = [VideoSequenceEntity, VideoEntity, VideoReferenceEntity];

export const registryMigrations = {
  mysql: [InitRegistryMysql, UriSuffixIndexMysql],
  postgres: [InitRegistryPostgres, UriSuffixIndexPostgres],
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

export type RegistryServices = VideoServices & MediaServices;

/** The registry's rules over its storage; `timeWindowMinutes` is the legacy search window W. */
export function createRegistryServices(storage: DomainStorage, timeWindowMinutes: number): RegistryServices {
  const store = new RegistryStore(storage);
  return {
    ...createVideoServices(store, timeWindowMinutes),
    ...createMediaServices(store, timeWindowMinutes),
  };
}

export interface RegistryDomainOptions {
  storage: DomainStorage;
  timeWindowMinutes: number;
  /** Checks the Bearer JWT of every write. */
  tokens: TokenVerifier;
  logger?: Logger;
}

/** The registry's two parts: the video tree and the media view; reads are public, writes need a JWT. */
export function createRegistryDomain(options: RegistryDomainOptions): ServiceBinding[] {
  const services = createRegistryServices(options.storage, options.timeWindowMinutes);
  const access = { tokens: options.tokens, logger: options.logger };
  return [...createMediaBindings({ services, ...access }), ...createVideosBindings({ services, ...access })];
}
