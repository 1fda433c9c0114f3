import { AnnotationService } from "../../../../services/annotation/annotations/services/annotation.service.js";
import { createConceptAttachments } from "../../../../services/kb/attachments/services/concept-attachments.service.js";
import { createHistoryRecorder } from "../../../../services/kb/history/history-part.js";
import {
  createConceptDirectory,
  createTreeServices,
  createTreeVersionWatch,
} from "../../../../services/kb/tree/tree-part.js";
import type { DomainStorage } from "../../../../services/kit/storage/domain-storage.js";
import { Instant } from "../../../../services/kit/time/instant.js";
import { createRegistryServices } from "../../../../services/registry/registry-domain.js";
import type { M3Row, M3Value } from "../legacy/legacy-values.js";

/**
 * An entity as m3's services answer it, as a row of its table: each mapped column's property
 * by the entity's TypeORM metadata (instants in m3's SQL form), so it compares with a source row.
 */
export function entityRow(storage: DomainStorage, table: string, entity: object): M3Row {
  const metadata = storage.dataSource.entityMetadatas.find((candidate) => candidate.tableName === table);
  if (!metadata) throw new Error(`no entity for ${table}`);
  const row: Record<string, M3Value> = {};
  for (const column of metadata.columns) {
    const value = (entity as Record<string, unknown>)[column.propertyName];
    row[column.databaseName] = value instanceof Instant ? value.toSql() : (value as M3Value);
  }
  return row;
}

/** m3's services of the three domains, as the running m3 reads them (the tree's caches included). */
export function serviceReaders(storages: {
  kb?: DomainStorage;
  registry?: DomainStorage;
  annotation?: DomainStorage;
}) {
  const { kb, registry, annotation } = storages;
  return {
    concepts:
      kb &&
      createTreeServices({
        storage: kb,
        directory: createConceptDirectory(),
        history: createHistoryRecorder(),
        attachments: createConceptAttachments(),
        versions: createTreeVersionWatch(kb),
      }).queries,
    videos: registry && createRegistryServices(registry, 0).videos,
    annotations: annotation && new AnnotationService(annotation),
  };
}
