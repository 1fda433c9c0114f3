import type { Logger } from "pino";
import type { TokenVerifier } from "../kit/auth/token-service.js";
import type { ServiceBinding } from "../kit/grpc/bind-service.js";
import type { DatabaseTarget } from "../kit/storage/database-url.js";
import { type DomainStorage, openDomainStorage } from "../kit/storage/domain-storage.js";
import { createAnnotationsBindings } from "./annotations/annotations-part.js";
import { AncillaryDatumEntity } from "./entities/ancillary-datum.entity.js";
import { AssociationEntity } from "./entities/association.entity.js";
import { ImageReferenceEntity } from "./entities/image-reference.entity.js";
import { ImagedMomentEntity } from "./entities/imaged-moment.entity.js";
import { ImagedMomentLockEntity } from "./entities/imaged-moment-lock.entity.js";
import { ObservationEntity } from "./entities/observation.entity.js";
import { VideoReferenceInfoEntity } from "./entities/video-reference-info.entity.js";
import { InitAnnotationMysql } from "./migrations/mysql/init-annotation.migration.js";
import { InitAnnotationSqlite } from "./migrations/sqlite/init-annotation.migration.js";
import { createMomentsBindings } from "./moments/moments-part.js";
import { createImagedMomentStore } from "./moments/services/imaged-moment.store.js";
import { createObservationsBindings } from "./observations/observations-part.js";
import { createObservationStore } from "./observations/services/observation.store.js";

export const annotationEntities = [
  ImagedMomentEntity,
  ImagedMomentLockEntity,
  ObservationEntity,
  AssociationEntity,
  ImageReferenceEntity,
  AncillaryDatumEntity,
  VideoReferenceInfoEntity,
];

export const annotationMigrations = { mysql: [InitAnnotationMysql], sqlite: [InitAnnotationSqlite] };

/** Opens (and migrates) the annotation tables at the target. */
export function openAnnotationStorage(target: DatabaseTarget): Promise<DomainStorage> {
  return openDomainStorage({
    target,
    domain: "annotation",
    entities: annotationEntities,
    migrations: annotationMigrations,
  });
}

export interface AnnotationDomainOptions {
  storage: DomainStorage;
  /** Checks the Bearer JWT of every write. */
  tokens: TokenVerifier;
  logger?: Logger;
}

/**
 * Every annotation gRPC service; reads are public, writes need a JWT. Each part (moments,
 * observations, annotations) contributes its bindings over the shared stores.
 */
export function createAnnotationDomain(options: AnnotationDomainOptions): ServiceBinding[] {
  const moments = createImagedMomentStore();
  const observations = createObservationStore();
  return [
    ...createMomentsBindings({ ...options, moments, observations }),
    ...createObservationsBindings({ ...options, moments }),
    ...createAnnotationsBindings({ ...options, stores: { moments, observations } }),
  ];
}
