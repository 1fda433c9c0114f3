import type { EntityManager } from "typeorm";
import { readConcurrently } from "../../../kit/storage/concurrent-reads.js";
import type {
  Attachments,
  ConceptAttachments,
  LinkRecord,
  MediaRecord,
  ReferenceRecord,
} from "../../contracts/concept-attachments.js";
import type { ConceptMediaEntity } from "../entities/concept-media.entity.js";
import type { LinkEntity } from "../entities/link.entity.js";
import type { LiteratureReferenceEntity } from "../entities/reference.entity.js";
import { LinkRepository } from "../repositories/link.repository.js";
import { MediaRepository } from "../repositories/media.repository.js";
import { ReferenceRepository } from "../repositories/reference.repository.js";

/** Media, links and references of many concepts: one set-based read per table. */
export function createConceptAttachments(): ConceptAttachments {
  return {
    async forConcepts(
      manager: EntityManager,
      conceptIds: readonly number[],
    ): Promise<Map<number, Attachments>> {
      const result = new Map<number, Attachments>();
      for (const id of conceptIds) {
        result.set(id, { media: [], linkRealizations: [], linkTemplates: [], references: [] });
      }
      if (conceptIds.length === 0) return result;
      const [media, realizations, templates, references] = await readConcurrently(manager, [
        () => new MediaRepository(manager).listByConcepts(conceptIds),
        () => new LinkRepository(manager, "realization").listByConcepts(conceptIds),
        () => new LinkRepository(manager, "template").listByConcepts(conceptIds),
        () => new ReferenceRepository(manager).listByConcepts(conceptIds),
      ]);
      for (const row of media) result.get(row.conceptId)?.media.push(mediaRecord(row));
      for (const row of realizations) result.get(row.conceptId)?.linkRealizations.push(linkRecord(row));
      for (const row of templates) result.get(row.conceptId)?.linkTemplates.push(linkRecord(row));
      for (const [conceptId, rows] of references) {
        result.get(conceptId)?.references.push(...rows.map(referenceRecord));
      }
      return result;
    },
  };
}

export function mediaRecord(row: ConceptMediaEntity): MediaRecord {
  return {
    id: row.id,
    conceptId: row.conceptId,
    url: row.url,
    caption: row.caption ?? undefined,
    credit: row.credit ?? undefined,
    mediaType: row.mediaType ?? undefined,
    isPrimary: row.isPrimary,
    lastUpdated: row.lastUpdatedTime,
  };
}

function linkRecord(row: LinkEntity): LinkRecord {
  return {
    id: row.id,
    conceptId: row.conceptId,
    linkName: row.linkName,
    toConcept: row.toConcept,
    linkValue: row.linkValue,
    lastUpdated: row.lastUpdatedTime,
  };
}

function referenceRecord(row: LiteratureReferenceEntity): ReferenceRecord {
  return { id: row.id, citation: row.citation, doi: row.doi ?? undefined, lastUpdated: row.lastUpdatedTime };
}
