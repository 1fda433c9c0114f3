import { PreferenceServiceService } from "../../../proto/gen/m3/kb/v1/preference_service.js";
import { UserAuthServiceService } from "../../../proto/gen/m3/kb/v1/user_auth_service.js";
import { UserServiceService } from "../../../proto/gen/m3/kb/v1/user_service.js";
import { bindService } from "../../kit/grpc/bind-service.js";
import type { DomainStorage } from "../../kit/storage/domain-storage.js";
import { Instant } from "../../kit/time/instant.js";
import type { KbPart, KbPartDeps, KbSchema } from "../contracts/part.js";
import type { PrincipalResolver } from "../contracts/principal.js";
import { PreferenceEntity } from "./entities/preference.entity.js";
import { UserAccountEntity } from "./entities/user-account.entity.js";
import { PREFERENCE_ACCESS } from "./handlers/preference.access.js";
import { preferenceHandlers } from "./handlers/preference.handlers.js";
import { USER_ACCESS } from "./handlers/user.access.js";
import { userHandlers } from "./handlers/user.handlers.js";
import { USER_AUTH_ACCESS } from "./handlers/user-auth.access.js";
import { userAuthHandlers } from "./handlers/user-auth.handlers.js";
import { InitPeopleMysql } from "./migrations/mysql/init-people.migration.js";
import { LoginFailuresMysql } from "./migrations/mysql/login-failures.migration.js";
import { InitPeoplePostgres } from "./migrations/postgres/init-people.migration.js";
import { LoginFailuresPostgres } from "./migrations/postgres/login-failures.migration.js";
import { InitPeopleSqlite } from "./migrations/sqlite/init-people.migration.js";
import { LoginFailuresSqlite } from "./migrations/sqlite/login-failures.migration.js";
import { UserAccountRepository } from "./repositories/user-account.repository.js";
import { LoginService } from "./services/login.service.js";
import { type LoginLimits, LoginThrottle } from "./services/login-throttle.js";
import { hashPassword } from "./services/password-hash.js";
import { PreferenceService } from "./services/preference.service.js";
import { StoredPrincipalResolver } from "./services/principal-resolver.js";
import { namesOf } from "./services/role-names.js";
import { UserAccountService } from "./services/user-account.service.js";
import { checkUsername } from "./services/user-input.rules.js";

/** Users, preferences and failed-login counts: tables `user_accounts`, `preferences` and `login_failures`. */
export const peopleSchema: KbSchema = {
  entities: [UserAccountEntity, PreferenceEntity],
  migrations: {
    mysql: [InitPeopleMysql, LoginFailuresMysql],
    postgres: [InitPeoplePostgres, LoginFailuresPostgres],
    sqlite: [InitPeopleSqlite, LoginFailuresSqlite],
  },
};

/** Who may do what in the kb, from the stored user named by the JWT. */
export function createPrincipalResolver(storage: DomainStorage): PrincipalResolver {
  return new StoredPrincipalResolver(storage);
}

/** The gRPC services of users, login (throttled by loginLimits) and preferences. */
export function createPeoplePart(deps: KbPartDeps, loginLimits?: LoginLimits): KbPart {
  const login = new LoginService(deps.storage, deps.tokens, new LoginThrottle(deps.storage, loginLimits));
  const access = { tokens: deps.tokens, logger: deps.logger };
  return {
    bindings: [
      bindService(UserServiceService, userHandlers(new UserAccountService(deps.storage), deps.principals), {
        ...access,
        declaration: USER_ACCESS,
      }),
      bindService(UserAuthServiceService, userAuthHandlers(login), {
        ...access,
        declaration: USER_AUTH_ACCESS,
      }),
      bindService(
        PreferenceServiceService,
        preferenceHandlers(new PreferenceService(deps.storage), deps.principals),
        { ...access, declaration: PREFERENCE_ACCESS },
      ),
    ],
  };
}

/**
 * Creates the first Admin (from M3_ADMIN_USER / M3_ADMIN_PASSWORD at start) when no Admin
 * exists yet; otherwise changes nothing, so a changed password is never overwritten.
 */
export async function ensureAdminUser(
  storage: DomainStorage,
  admin: { username: string; password: string },
): Promise<{ created: boolean }> {
  const username = checkUsername(admin.username, "M3_ADMIN_USER");
  if (admin.password === "") throw new Error("M3_ADMIN_PASSWORD must not be empty");
  const passwordHash = await hashPassword(admin.password);
  return storage.transaction(async (manager) => {
    const users = new UserAccountRepository(manager);
    if ((await users.countByRoleNames(namesOf("Admin"))) > 0 || (await users.findByUsername(username))) {
      return { created: false };
    }
    await users.insert({
      username,
      passwordHash,
      role: "Admin",
      firstName: null,
      lastName: null,
      email: null,
      affiliation: null,
      lastUpdatedTime: Instant.now(),
    });
    return { created: true };
  });
}
