import type { EntityManager } from "typeorm";
import type { Instant } from "../../../kit/time/instant.js";
import { UserAccountEntity } from "../entities/user-account.entity.js";

export type UserAccountFields = Omit<UserAccountEntity, "id">;

/** Rows of `user_accounts`; lists are in creation (id) order. */
export class UserAccountRepository {
  constructor(private readonly manager: EntityManager) {}

  list(): Promise<UserAccountEntity[]> {
    return this.manager.find(UserAccountEntity, { order: { id: "ASC" } });
  }

  /** Users whose stored role is one of the lowercased names, in any case. */
  listByRoleNames(names: readonly string[]): Promise<UserAccountEntity[]> {
    return this.byRoleNames(names).orderBy("u.id", "ASC").getMany();
  }

  findByUsername(username: string): Promise<UserAccountEntity | null> {
    return this.manager.findOneBy(UserAccountEntity, { username });
  }

  countByRoleNames(names: readonly string[]): Promise<number> {
    return this.byRoleNames(names).getCount();
  }

  private byRoleNames(names: readonly string[]) {
    return this.manager
      .createQueryBuilder(UserAccountEntity, "u")
      .where("LOWER(u.role) IN (:...names)", { names: [...names] });
  }

  async insert(fields: UserAccountFields): Promise<UserAccountEntity> {
    const result = await this.manager.insert(UserAccountEntity, fields);
    const id = Number(result.identifiers[0]?.id);
    return { ...fields, id };
  }

  async update(id: number, changes: Partial<UserAccountFields>): Promise<void> {
    await this.manager.update(UserAccountEntity, { id }, changes);
  }

  /** Swaps the password digest only if it is still `expected` (a concurrent change wins). */
  async replaceHash(id: number, expected: string, passwordHash: string, at: Instant): Promise<void> {
    await this.manager.update(
      UserAccountEntity,
      { id, passwordHash: expected },
      { passwordHash, lastUpdatedTime: at },
    );
  }

  async delete(id: number): Promise<void> {
    await this.manager.delete(UserAccountEntity, { id });
  }
}
