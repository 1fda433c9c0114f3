import type { EntityManager } from "typeorm";
import { LIKE_ESCAPE, likeLiteral } from "../../../kit/sql/like.js";
import { PreferenceEntity } from "../entities/preference.entity.js";

export interface PreferenceFilter {
  nodeName?: string;
  prefKey?: string;
}

/** Rows of `preferences`; lists are ordered by node name, then key. */
export class PreferenceRepository {
  constructor(private readonly manager: EntityManager) {}

  list(filter: PreferenceFilter): Promise<PreferenceEntity[]> {
    const where: Partial<PreferenceEntity> = {};
    if (filter.nodeName !== undefined) where.nodeName = filter.nodeName;
    if (filter.prefKey !== undefined) where.prefKey = filter.prefKey;
    return this.manager.find(PreferenceEntity, { where, order: { nodeName: "ASC", prefKey: "ASC" } });
  }

  /**
   * Node names starting with `prefix`, literally: LIKE wildcards in the prefix are escaped,
   * and the SUBSTR comparison keeps the match case-sensitive on SQLite, whose LIKE is not.
   */
  listByPrefix(prefix: string): Promise<PreferenceEntity[]> {
    const query = this.manager
      .createQueryBuilder(PreferenceEntity, "p")
      .orderBy("p.nodeName", "ASC")
      .addOrderBy("p.prefKey", "ASC");
    if (prefix === "") return query.getMany();
    return query
      .where(`p.nodeName LIKE :pattern ${LIKE_ESCAPE}`, { pattern: `${likeLiteral(prefix)}%` })
      .andWhere("SUBSTR(p.nodeName, 1, :length) = :prefix", { length: [...prefix].length, prefix })
      .getMany();
  }

  find(nodeName: string, prefKey: string): Promise<PreferenceEntity | null> {
    return this.manager.findOneBy(PreferenceEntity, { nodeName, prefKey });
  }

  async insert(fields: Omit<PreferenceEntity, "id">): Promise<void> {
    await this.manager.insert(PreferenceEntity, fields);
  }

  async updateValue(id: number, prefValue: string): Promise<void> {
    await this.manager.update(PreferenceEntity, { id }, { prefValue });
  }

  async delete(id: number): Promise<void> {
    await this.manager.delete(PreferenceEntity, { id });
  }
}
