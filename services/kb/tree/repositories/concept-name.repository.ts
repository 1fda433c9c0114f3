import type { EntityManager } from "typeorm";
import { LIKE_ESCAPE, likeLiteral } from "../../../kit/sql/like.js";
import { type Page, paged } from "../../../kit/sql/page.js";
import { queryInChunks } from "../../../kit/storage/in-chunks.js";
import { Instant } from "../../../kit/time/instant.js";
import { ConceptNameEntity } from "../entities/concept-name.entity.js";

export type ConceptNameValues = Pick<ConceptNameEntity, "conceptId" | "name" | "nameType" | "author">;
export type ConceptNameChanges = Partial<Pick<ConceptNameEntity, "name" | "nameType" | "author">>;

/** Rows of `concept_names`. Names match exactly (binary collation) except in `conceptIdsContaining`. */
export class ConceptNameRepository {
  constructor(private readonly manager: EntityManager) {}

  byName(name: string): Promise<ConceptNameEntity | null> {
    return this.manager.findOneBy(ConceptNameEntity, { name });
  }

  ofConcepts(conceptIds: readonly number[]): Promise<ConceptNameEntity[]> {
    return queryInChunks(conceptIds, (chunk) =>
      this.manager
        .createQueryBuilder(ConceptNameEntity, "n")
        .where("n.conceptId IN (:...chunk)", { chunk })
        .orderBy("n.name")
        .getMany(),
    );
  }

  /** Ids of the concepts having a name that contains `text`, ignoring case; % and _ match literally. */
  async conceptIdsContaining(text: string): Promise<number[]> {
    const pattern = `%${likeLiteral(text.toLowerCase())}%`;
    const rows = await this.manager
      .createQueryBuilder(ConceptNameEntity, "n")
      .select("n.conceptId", "id")
      .distinct(true)
      .where(`LOWER(n.name) LIKE :pattern ${LIKE_ESCAPE}`, { pattern })
      .getRawMany<{ id: number | string }>();
    return rows.map((row) => Number(row.id));
  }

  async listNames(page: Page): Promise<string[]> {
    const query = this.manager
      .createQueryBuilder(ConceptNameEntity, "n")
      .select("n.name", "name")
      .orderBy("n.name");
    const rows = await paged(query, page).getRawMany<{ name: string }>();
    return rows.map((row) => row.name);
  }

  async insert(values: ConceptNameValues): Promise<void> {
    await this.manager
      .createQueryBuilder()
      .insert()
      .into(ConceptNameEntity)
      .values({ ...values, lastUpdatedTime: Instant.now() })
      .execute();
  }

  async update(id: number, changes: ConceptNameChanges): Promise<void> {
    await this.manager.update(ConceptNameEntity, { id }, { ...changes, lastUpdatedTime: Instant.now() });
  }

  async delete(id: number): Promise<void> {
    await this.manager.delete(ConceptNameEntity, { id });
  }
}
