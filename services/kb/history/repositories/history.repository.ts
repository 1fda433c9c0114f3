import type { EntityManager, SelectQueryBuilder } from "typeorm";
import { nullsSmallest } from "../../../kit/sql/null-order.js";
import { paged } from "../../../kit/sql/page.js";
import type { Instant } from "../../../kit/time/instant.js";
import { ConceptHistoryEntity } from "../entities/concept-history.entity.js";
import type { HistoryPageQuery } from "../services/history-query.rules.js";

export type HistoryFields = Omit<ConceptHistoryEntity, "id">;

/** Rows of `concept_history`. */
export class HistoryRepository {
  constructor(private readonly manager: EntityManager) {}

  findById(id: number): Promise<ConceptHistoryEntity | null> {
    return this.manager.findOneBy(ConceptHistoryEntity, { id });
  }

  listPending(page: HistoryPageQuery): Promise<ConceptHistoryEntity[]> {
    return this.paged(this.query().where("h.processedTime IS NULL"), page);
  }

  listApproved(page: HistoryPageQuery): Promise<ConceptHistoryEntity[]> {
    return this.paged(this.query().where("h.approved = :approved", { approved: true }), page);
  }

  countPending(): Promise<number> {
    return this.query().where("h.processedTime IS NULL").getCount();
  }

  countApproved(): Promise<number> {
    return this.query().where("h.approved = :approved", { approved: true }).getCount();
  }

  listByConcept(conceptId: number): Promise<ConceptHistoryEntity[]> {
    return this.query()
      .where("h.conceptId = :conceptId", { conceptId })
      .orderBy("h.creationTime", "ASC")
      .addOrderBy("h.id", "ASC")
      .getMany();
  }

  async insert(fields: HistoryFields): Promise<number> {
    const result = await this.manager.insert(ConceptHistoryEntity, fields);
    return Number(result.identifiers[0]?.id);
  }

  /** Marks a pending record processed; false when it was not pending (unknown or processed already). */
  async markProcessed(id: number, approved: boolean, processor: string, at: Instant): Promise<boolean> {
    const result = await this.manager
      .createQueryBuilder()
      .update(ConceptHistoryEntity)
      .set({ approved, processorName: processor, processedTime: at })
      .where("id = :id AND processed_time IS NULL", { id })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async delete(id: number): Promise<boolean> {
    const result = await this.manager.delete(ConceptHistoryEntity, { id });
    return (result.affected ?? 0) > 0;
  }

  private query(): SelectQueryBuilder<ConceptHistoryEntity> {
    return this.manager.createQueryBuilder(ConceptHistoryEntity, "h");
  }

  private paged(
    query: SelectQueryBuilder<ConceptHistoryEntity>,
    page: HistoryPageQuery,
  ): Promise<ConceptHistoryEntity[]> {
    const { property, descending, caseInsensitive } = page.sort;
    const direction = descending ? "DESC" : "ASC";
    const column = caseInsensitive ? `LOWER(h.${property})` : `h.${property}`;
    // Several sort columns may be empty (processed time, processor, values): NULL sorts as the
    // smallest value on every engine; the id, unique, settles ties.
    const nulls = nullsSmallest(this.manager, direction);
    return paged(query.orderBy(column, direction, nulls).addOrderBy("h.id", direction), page).getMany();
  }
}
