import type { EntityManager } from "typeorm";
import { queryInChunks } from "../../../kit/storage/in-chunks.js";
import { Instant } from "../../../kit/time/instant.js";
import { ConceptEntity } from "../entities/concept.entity.js";

export type ConceptChanges = Partial<Pick<ConceptEntity, "parentId" | "rankLevel" | "rankName" | "aphiaId">>;

/** Rows of `concepts`. */
export class ConceptRepository {
  constructor(private readonly manager: EntityManager) {}

  byId(id: number): Promise<ConceptEntity | null> {
    return this.manager.findOneBy(ConceptEntity, { id });
  }

  byIds(ids: readonly number[]): Promise<ConceptEntity[]> {
    return queryInChunks(ids, (chunk) =>
      this.manager.createQueryBuilder(ConceptEntity, "c").where("c.id IN (:...chunk)", { chunk }).getMany(),
    );
  }

  /** The number of concepts, in one COUNT query. */
  count(): Promise<number> {
    return this.manager.count(ConceptEntity);
  }

  byAphiaId(aphiaId: number): Promise<ConceptEntity | null> {
    return this.manager.findOneBy(ConceptEntity, { aphiaId });
  }

  /** The concepts without a parent (one in a sound tree; two are fetched to notice a broken one). */
  async allIds(): Promise<number[]> {
    const rows = await this.manager
      .createQueryBuilder(ConceptEntity, "c")
      .select("c.id", "id")
      .getRawMany<{ id: number | string }>();
    return rows.map((row) => Number(row.id));
  }

  roots(): Promise<ConceptEntity[]> {
    return this.manager
      .createQueryBuilder(ConceptEntity, "c")
      .where("c.parentId IS NULL")
      .orderBy("c.id")
      .limit(2)
      .getMany();
  }

  childrenOf(parentId: number): Promise<ConceptEntity[]> {
    return this.manager.findBy(ConceptEntity, { parentId });
  }

  async childIds(parentIds: readonly number[]): Promise<number[]> {
    const rows = await queryInChunks(parentIds, (chunk) =>
      this.manager
        .createQueryBuilder(ConceptEntity, "c")
        .select("c.id", "id")
        .where("c.parentId IN (:...chunk)", { chunk })
        .getRawMany<{ id: number | string }>(),
    );
    return rows.map((row) => Number(row.id));
  }

  /** The concept and its ancestors, the concept first (one recursive query). */
  async ancestry(conceptId: number): Promise<ConceptEntity[]> {
    const rows: { id: number | string; depth: number | string }[] = await this.manager.query(
      `WITH RECURSIVE up (id, parent_id, depth) AS (
         SELECT id, parent_id, 0 FROM concepts WHERE id = ?
         UNION ALL
         SELECT c.id, c.parent_id, up.depth + 1 FROM concepts c INNER JOIN up ON c.id = up.parent_id
         WHERE up.depth < 1000
       )
       SELECT id, depth FROM up`,
      [conceptId],
    );
    const byId = new Map((await this.byIds(rows.map((row) => Number(row.id)))).map((c) => [c.id, c]));
    return rows
      .sort((a, b) => Number(a.depth) - Number(b.depth))
      .map((row) => byId.get(Number(row.id)))
      .filter((concept): concept is ConceptEntity => concept !== undefined);
  }

  async insert(values: ConceptChanges): Promise<number> {
    const result = await this.manager
      .createQueryBuilder()
      .insert()
      .into(ConceptEntity)
      .values({
        parentId: values.parentId ?? null,
        rankLevel: values.rankLevel ?? null,
        rankName: values.rankName ?? null,
        aphiaId: values.aphiaId ?? null,
        lastUpdatedTime: Instant.now(),
      })
      .execute();
    return Number(result.identifiers[0]?.id);
  }

  async update(id: number, changes: ConceptChanges): Promise<void> {
    await this.manager.update(ConceptEntity, { id }, { ...changes, lastUpdatedTime: Instant.now() });
  }

  /** Deletes exactly these rows; callers pass a branch leaf-first, level by level. */
  async deleteIds(ids: readonly number[]): Promise<void> {
    await queryInChunks(ids, async (chunk) => {
      await this.manager
        .createQueryBuilder()
        .delete()
        .from(ConceptEntity)
        .where("id IN (:...chunk)", { chunk })
        .execute();
      return [];
    });
  }
}
