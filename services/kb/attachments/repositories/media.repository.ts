import { type EntityManager, In, IsNull, Not } from "typeorm";
import { queryInChunks } from "../../../kit/storage/in-chunks.js";
import { ConceptMediaEntity } from "../entities/concept-media.entity.js";

/** Rows of `concept_media`. */
export class MediaRepository {
  constructor(private readonly manager: EntityManager) {}

  findById(id: number): Promise<ConceptMediaEntity | null> {
    return this.manager.findOneBy(ConceptMediaEntity, { id });
  }

  listByConcept(conceptId: number): Promise<ConceptMediaEntity[]> {
    return this.manager.find(ConceptMediaEntity, { where: { conceptId }, order: { url: "ASC", id: "ASC" } });
  }

  listByConcepts(conceptIds: readonly number[]): Promise<ConceptMediaEntity[]> {
    return queryInChunks(conceptIds, (chunk) =>
      this.manager.find(ConceptMediaEntity, {
        where: { conceptId: In(chunk) },
        order: { url: "ASC", id: "ASC" },
      }),
    );
  }

  findByConceptAndUrl(conceptId: number, url: string): Promise<ConceptMediaEntity | null> {
    return this.manager.findOneBy(ConceptMediaEntity, { conceptId, url });
  }

  countOfType(conceptId: number, mediaType: string | null): Promise<number> {
    return this.manager.countBy(ConceptMediaEntity, { conceptId, mediaType: mediaType ?? IsNull() });
  }

  /** The most recently updated media of a type on the concept (the one promoted to primary). */
  findNewestOfType(conceptId: number, mediaType: string | null): Promise<ConceptMediaEntity | null> {
    return this.manager.findOne(ConceptMediaEntity, {
      where: { conceptId, mediaType: mediaType ?? IsNull() },
      order: { lastUpdatedTime: "DESC", id: "DESC" },
    });
  }

  /** Unsets the primary flag on the concept's other media of exactly this type. */
  async clearOtherPrimaries(media: ConceptMediaEntity): Promise<void> {
    await this.manager.update(
      ConceptMediaEntity,
      {
        conceptId: media.conceptId,
        mediaType: media.mediaType ?? IsNull(),
        id: Not(media.id),
        isPrimary: true,
      },
      { isPrimary: false },
    );
  }

  async insert(media: Omit<ConceptMediaEntity, "id">): Promise<ConceptMediaEntity> {
    const entity = this.manager.create(ConceptMediaEntity, media);
    return this.manager.save(entity);
  }

  save(media: ConceptMediaEntity): Promise<ConceptMediaEntity> {
    return this.manager.save(media);
  }

  async delete(id: number): Promise<void> {
    await this.manager.delete(ConceptMediaEntity, { id });
  }
}
