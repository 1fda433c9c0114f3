import type { Logger } from "pino";
import type { TokenVerifier } from "../kit/auth/token-service.js";
import type { ServiceBinding } from "../kit/grpc/bind-service.js";
import type { DatabaseTarget } from "../kit/storage/database-url.js";
import { type DomainStorage, openDomainStorage } from "../kit/storage/domain-storage.js";
import { createAnnotationsBindings } from "./annotations/annotations-part.js";
import { AnnotationService } from "./annotations/services/annotation.service.js";
import { createBoxBindings } from "./boxes/boxes-part.js";
import { createKbConceptTree } from "./boxes/kb-concepts.js";
import { createDatasetBindings } from "./datasets/datasets-part.js";
import { AncillaryDatumEntity } from "./entities/ancillary-datum.entity.js";
import { AnnotationHistoryEntity } from "./entities/annotation-history.entity.js";
import { AssociationEntity } from "./entities/association.entity.js";
import { ImageReferenceEntity } from "./entities/image-reference.entity.js";
import { ImagedMomentEntity } from "./entities/imaged-moment.entity.js";
import { ImagedMomentLockEntity } from "./entities/imaged-moment-lock.entity.js";
import { ObservationEntity } from "./entities/observation.entity.js";
import { VideoReferenceInfoEntity } from "./entities/video-reference-info.entity.js";
import { type ChangeEventSettings, createChangeEvents } from "./events/events-part.js";
import { createFastBindings } from "./fast/fast-part.js";
import { createHistoryBindings } from "./history/history-part.js";
import { AnnotationHistoryMysql } from "./migrations/mysql/annotation-history.migration.js";
import { BoxIndexMysql } from "./migrations/mysql/box-index.migration.js";
import { ConceptMomentIndexesMysql } from "./migrations/mysql/concept-moment-indexes.migration.js";
import { FastIndexesMysql } from "./migrations/mysql/fast-indexes.migration.js";
import { HistogramCountsMysql } from "./migrations/mysql/histogram-counts.migration.js";
import { HistogramIndexesMysql } from "./migrations/mysql/histogram-indexes.migration.js";
import { InitAnnotationMysql } from "./migrations/mysql/init-annotation.migration.js";
import { LinkNameIndexesMysql } from "./migrations/mysql/link-name-indexes.migration.js";
import { PageIndexesMysql } from "./migrations/mysql/page-indexes.migration.js";
import { QueryViewMysql } from "./migrations/mysql/query-view.migration.js";
import { UnionViewMysql } from "./migrations/mysql/union-view.migration.js";
import { AnnotationHistoryPostgres } from "./migrations/postgres/annotation-history.migration.js";
import { BoxIndexPostgres } from "./migrations/postgres/box-index.migration.js";
import { ConceptMomentIndexesPostgres } from "./migrations/postgres/concept-moment-indexes.migration.js";
import { FastIndexesPostgres } from "./migrations/postgres/fast-indexes.migration.js";
import { HistogramCountsPostgres } from "./migrations/postgres/histogram-counts.migration.js";
import { HistogramIndexesPostgres } from "./migrations/postgres/histogram-indexes.migration.js";
import { InitAnnotationPostgres } from "./migrations/postgres/init-annotation.migration.js";
import { LinkNameIndexesPostgres } from "./migrations/postgres/link-name-indexes.migration.js";
import { PageIndexesPostgres } from "./migrations/postgres/page-indexes.migration.js";
import { QueryViewPostgres } from "./migrations/postgres/query-view.migration.js";
import { UnionViewPostgres } from "./migrations/postgres/union-view.migration.js";
import { AnnotationHistorySqlite } from "./migrations/sqlite/annotation-history.migration.js";
import { BoxIndexSqlite } from "./migrations/sqlite/box-index.migration.js";
import { ConceptMomentIndexesSqlite } from "./migrations/sqlite/concept-moment-indexes.migration.js";
import { FastIndexesSqlite } from "./migrations/sqlite/fast-indexes.migration.js";
import { HistogramCountsSqlite } from "./migrations/sqlite/histogram-counts.migration.js";
import { HistogramIndexesSqlite } from "./migrations/sqlite/histogram-indexes.migration.js";
import { InitAnnotationSqlite } from "./migrations/sqlite/init-annotation.migration.js";
import { LinkNameIndexesSqlite } from "./migrations/sqlite/link-name-indexes.migration.js";
import { PageIndexesSqlite } from "./migrations/sqlite/page-indexes.migration.js";
import { QueryViewSqlite } from "./migrations/sqlite/query-view.migration.js";
import { UnionViewSqlite } from "./migrations/sqlite/union-view.migration.js";
import { createMomentsBindings } from "./moments/moments-part.js";
import { createImagedMomentStore } from "./moments/services/imaged-moment.store.js";
import { createObservationsBindings } from "./observations/observations-part.js";
import { AssociationService } from "./observations/services/association.service.js";
import { createObservationStore } from "./observations/services/observation.store.js";
import { createQueryBindings } from "./query/query-part.js";
import type { RegistryLink } from "./query/registry-link.js";

export const annotationEntities = [
  ImagedMomentEntity,
  ImagedMomentLockEntity,
  ObservationEntity,
  AssociationEntity,
  ImageReferenceEntity,
  AncillaryDatumEntity,
  VideoReferenceInfoEntity,
  AnnotationHistoryEntity,
];

export const annotationMigrations = {
  mysql: [
    InitAnnotationMysql,
    FastIndexesMysql,
    QueryViewMysql,
    HistogramIndexesMysql,
    UnionViewMysql,
    HistogramCountsMysql,
    LinkNameIndexesMysql,
    PageIndexesMysql,
    ConceptMomentIndexesMysql,
    AnnotationHistoryMysql,
    BoxIndexMysql,
  ],
  postgres: [
    InitAnnotationPostgres,
    FastIndexesPostgres,
    QueryViewPostgres,
    HistogramIndexesPostgres,
    UnionViewPostgres,
    HistogramCountsPostgres,
    LinkNameIndexesPostgres,
    PageIndexesPostgres,
    ConceptMomentIndexesPostgres,
    AnnotationHistoryPostgres,
    BoxIndexPostgres,
  ],
  sqlite: [
    InitAnnotationSqlite,
    FastIndexesSqlite,
    QueryViewSqlite,
    HistogramIndexesSqlite,
    UnionViewSqlite,
    HistogramCountsSqlite,
    LinkNameIndexesSqlite,
    PageIndexesSqlite,
    ConceptMomentIndexesSqlite,
    AnnotationHistorySqlite,
    BoxIndexSqlite,
  ],
};

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
  logger: Logger;
  /** Where the tabular query's registry columns and the datasets' media come from (same MySQL server, or SQLite file). */
  registry?: RegistryLink;
  /** Where committed changes go besides the gRPC watch. */
  events: ChangeEventSettings;
  /** The kb's gRPC address: box queries with descendants and relabels' concepts. */
  kbGrpcAddress?: string;
}

export interface AnnotationDomain {
  bindings: ServiceBinding[];
  /** Stops the change events' transports (NATS, ZeroMQ). */
  close(): Promise<void>;
}

/**
 * Every annotation gRPC service; reads are public, writes need a JWT. Each part (moments,
 * observations, annotations, fast queries, histograms and tabular query, datasets) contributes
 * its bindings over the shared stores; their writes go through the change events' storage, which
 * publishes what each transaction changed once it commits.
 */
export async function createAnnotationDomain(options: AnnotationDomainOptions): Promise<AnnotationDomain> {
  const events = createChangeEvents({ ...options, settings: options.events });
  const kb = options.kbGrpcAddress ? createKbConceptTree(options.kbGrpcAddress) : undefined;
  const parts = { ...options, storage: events.storage };
  const moments = createImagedMomentStore();
  const observations = createObservationStore();
  const annotations = new AnnotationService(options.storage);
  const associations = new AssociationService(options.storage);
  await events.startTransports({
    annotation: (uuid) => annotations.get(uuid),
    association: (uuid) => associations.get(uuid),
  });
  return {
    bindings: [
      ...createMomentsBindings({ ...parts, moments }),
      ...createObservationsBindings({ ...parts, moments }),
      ...createAnnotationsBindings({ ...parts, stores: { moments, observations } }),
      ...createFastBindings(parts),
      ...createQueryBindings(parts),
      ...createDatasetBindings(parts),
      ...createBoxBindings({ ...parts, kb }),
      ...createHistoryBindings(parts),
      events.binding,
    ],
    close: async () => {
      kb?.close();
      await events.close();
    },
  };
}
