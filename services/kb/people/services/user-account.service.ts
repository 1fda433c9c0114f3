import { DomainError, requireText } from "../../../kit/errors/domain-error.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { Instant } from "../../../kit/time/instant.js";
import type { UserAccountEntity } from "../entities/user-account.entity.js";
import { type UserAccountFields, UserAccountRepository } from "../repositories/user-account.repository.js";
import { hashPassword } from "./password-hash.js";
import { checkRole, namesOf, roleOf } from "./role-names.js";
import { checkUsername, profileText } from "./user-input.rules.js";

export interface UserProfile {
  affiliation?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
}

export interface UserCreate extends UserProfile {
  username?: string;
  password?: string;
  role?: string;
}

export interface UserUpdate extends UserProfile {
  password?: string;
  role?: string;
}

const ADMIN = "Admin";

/** User accounts, each with its role as the client spelled it (`User`, `admin`, `Maint`, …). Callers check who may call; this keeps the records valid and one admin alive. */
export class UserAccountService {
  constructor(private readonly storage: DomainStorage) {}

  list(): Promise<UserAccountEntity[]> {
    return this.storage.read((manager) => new UserAccountRepository(manager).list());
  }

  /** The users of a role, whatever spelling of it each was stored with. */
  async listByRole(role: string): Promise<UserAccountEntity[]> {
    const names = namesOf(checkRole(role).role);
    return this.storage.read((manager) => new UserAccountRepository(manager).listByRoleNames(names));
  }

  async get(username: string): Promise<UserAccountEntity> {
    const found = await this.storage.read((manager) =>
      new UserAccountRepository(manager).findByUsername(username),
    );
    if (!found) throw DomainError.notFound(`User account not found: ${username}`);
    return found;
  }

  async create(input: UserCreate): Promise<UserAccountEntity> {
    const username = checkUsername(input.username);
    const passwordHash = await hashPassword(requireText(input.password, "password"));
    const fields: UserAccountFields = {
      username,
      passwordHash,
      role: checkRole(input.role ?? "ReadOnly").spelling,
      ...withNulls(profileFields(input)),
      lastUpdatedTime: Instant.now(),
    };
    return this.storage.transaction(async (manager) => {
      const users = new UserAccountRepository(manager);
      if (await users.findByUsername(username)) {
        throw DomainError.alreadyExists(
          "USER_EXISTS",
          `UserAccount with username ${username} already exists`,
          { username },
        );
      }
      return users.insert(fields);
    });
  }

  async update(username: string, input: UserUpdate): Promise<UserAccountEntity> {
    const changes: Partial<UserAccountFields> = { ...profileFields(input) };
    for (const key of Object.keys(changes) as (keyof typeof changes)[]) {
      if (changes[key] === undefined) delete changes[key];
    }
    if (input.role !== undefined) changes.role = checkRole(input.role).spelling;
    if (input.password !== undefined)
      changes.passwordHash = await hashPassword(requireText(input.password, "password"));
    return this.storage.transaction(async (manager) => {
      const users = new UserAccountRepository(manager);
      const user = await this.requireExisting(users, username);
      if (roleOf(user.role) === ADMIN && changes.role !== undefined && roleOf(changes.role) !== ADMIN) {
        await requireAnotherAdmin(users);
      }
      const updated = { ...user, ...changes, lastUpdatedTime: Instant.now() };
      await users.update(user.id, { ...changes, lastUpdatedTime: updated.lastUpdatedTime });
      return updated;
    });
  }

  async delete(username: string): Promise<void> {
    await this.storage.transaction(async (manager) => {
      const users = new UserAccountRepository(manager);
      const user = await this.requireExisting(users, username);
      if (roleOf(user.role) === ADMIN) await requireAnotherAdmin(users);
      await users.delete(user.id);
    });
  }

  private async requireExisting(users: UserAccountRepository, username: string): Promise<UserAccountEntity> {
    const user = await users.findByUsername(username);
    if (!user) throw DomainError.notFound(`UserAccount with username ${username} does not exist`);
    return user;
  }
}

function profileFields(input: UserProfile) {
  return {
    affiliation: profileText(input.affiliation, 512, "affiliation"),
    firstName: profileText(input.firstName, 50, "first_name"),
    lastName: profileText(input.lastName, 50, "last_name"),
    email: profileText(input.email, 255, "email"),
  };
}

function withNulls<T extends object>(fields: T): { [K in keyof T]: Exclude<T[K], undefined> | null } {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, value ?? null])) as {
    [K in keyof T]: Exclude<T[K], undefined> | null;
  };
}

/** Refuses to demote or delete the only admin: nobody could manage users afterwards. */
async function requireAnotherAdmin(users: UserAccountRepository): Promise<void> {
  if ((await users.countByRoleNames(namesOf(ADMIN))) <= 1) {
    throw DomainError.failedPrecondition("LAST_ADMIN", "At least one Admin account must remain");
  }
}
