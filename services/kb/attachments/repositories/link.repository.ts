import type { EntityManager } from "typeorm";
import { In } from "typeorm";
import { type Page, paged } from "../../../kit/sql/page.js";
import { queryInChunks } from "../../../kit/storage/in-chunks.js";
import type { Instant } from "../../../kit/time/instant.js";
import { type LinkEntity, LinkRealizationEntity, LinkTemplateEntity } from "../entities/link.entity.js";

export type LinkKind = "template" | "realization";
export type LinkTriple = Pick<LinkEntity, "linkName" | "toConcept" | "linkValue">;

const ENTITIES = { template: LinkTemplateEntity, realization: LinkRealizationEntity } as const;

/** The cap of the legacy "every template" view. */
export const ALL_LINKS_LIMIT = 20_000;

/** Rows of `link_templates` or `link_realizations` (same columns, same queries). */
export class LinkRepository {
  private readonly entity: typeof LinkTemplateEntity | typeof LinkRealizationEntity;

  constructor(
    private readonly manager: EntityManager,
    kind: LinkKind,
  ) {
    this.entity = ENTITIES[kind];
  }

  findById(id: number): Promise<LinkEntity | null> {
    return this.manager.findOneBy(this.entity, { id });
  }

  /** A page in (name, to-concept, value) order, so consecutive pages neither skip nor repeat. */
  listPage(page: Page): Promise<LinkEntity[]> {
    return paged(this.ordered(), page).getMany();
  }

  /** Every link, case-insensitively by name (the legacy /links order), capped. */
  listAll(): Promise<LinkEntity[]> {
    return this.manager
      .createQueryBuilder(this.entity, "l")
      .orderBy("LOWER(l.link_name)")
      .addOrderBy("l.toConcept")
      .addOrderBy("l.linkValue")
      .addOrderBy("l.id")
      .limit(ALL_LINKS_LIMIT)
      .getMany();
  }

  count(): Promise<number> {
    return this.manager.count(this.entity);
  }

  listByConcepts(conceptIds: readonly number[]): Promise<LinkEntity[]> {
    return queryInChunks(conceptIds, (chunk) =>
      this.manager.find(this.entity, { where: { conceptId: In(chunk) }, order: { id: "ASC" } }),
    );
  }

  countByConcept(conceptId: number): Promise<number> {
    return this.manager.countBy(this.entity, { conceptId });
  }

  listByToConcept(toConcept: string): Promise<LinkEntity[]> {
    return this.ordered().where("l.toConcept = :toConcept", { toConcept }).getMany();
  }

  countByToConcept(toConcept: string): Promise<number> {
    return this.manager.countBy(this.entity, { toConcept });
  }

  listByLinkName(linkName: string): Promise<LinkEntity[]> {
    return this.manager.find(this.entity, { where: { linkName }, order: { id: "ASC" } });
  }

  /** Exact name and value; the to-concept is any of the given spellings. */
  listMatching(linkName: string, linkValue: string, toConcepts: readonly string[]): Promise<LinkEntity[]> {
    return this.manager.find(this.entity, {
      where: { linkName, linkValue, toConcept: In([...new Set(toConcepts)]) },
      order: { id: "ASC" },
    });
  }

  /** The concept's links with exactly this triple (history records name links by their triple). */
  listOnConceptByTriple(conceptId: number, triple: LinkTriple): Promise<LinkEntity[]> {
    return this.manager.find(this.entity, { where: { conceptId, ...triple }, order: { id: "ASC" } });
  }

  /** One UPDATE; returns how many links changed. */
  async renameToConcept(oldName: string, newName: string, now: Instant): Promise<number> {
    const result = await this.manager
      .createQueryBuilder()
      .update(this.entity)
      .set({ toConcept: newName, lastUpdatedTime: now })
      .where("to_concept = :oldName", { oldName })
      .execute();
    return result.affected ?? 0;
  }

  insert(link: Omit<LinkEntity, "id">): Promise<LinkEntity> {
    return this.manager.save(this.manager.create(this.entity, link));
  }

  save(link: LinkEntity): Promise<LinkEntity> {
    return this.manager.save(this.entity, link);
  }

  async delete(ids: readonly number[]): Promise<void> {
    if (ids.length > 0) await this.manager.delete(this.entity, { id: In([...ids]) });
  }

  private ordered() {
    return this.manager
      .createQueryBuilder(this.entity, "l")
      .orderBy("l.linkName")
      .addOrderBy("l.toConcept")
      .addOrderBy("l.linkValue")
      .addOrderBy("l.id");
  }
}
