import type { TokenService } from "../../../kit/auth/token-service.js";
import { DomainError } from "../../../kit/errors/domain-error.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { Instant } from "../../../kit/time/instant.js";
import { UserAccountRepository } from "../repositories/user-account.repository.js";
import { parseBasicCredentials } from "./basic-credentials.js";
import { hashPassword, needsRehash, verifyPassword } from "./password-hash.js";
import { roleOf } from "./role-names.js";

// Annotators log in for the annotation tools; read-only users cannot log in (as in the legacy kb).
const LOGIN_ROLES = new Set(["Admin", "Maint", "Annotator"]);
const LOGIN_REFUSED =
  "Unable to login. Check your username and password and verify that you are an administrator or maintainer";

/** HTTP Basic login for Admin and Maint users; issues a JWT naming the user and role. */
export class LoginService {
  constructor(
    private readonly storage: DomainStorage,
    private readonly tokens: TokenService,
  ) {}

  /** The signed token for the credentials in an `authorization` value. */
  async login(authorization: string | undefined): Promise<string> {
    const { username, password } = parseBasicCredentials(authorization);
    const user = await this.storage.read((manager) =>
      new UserAccountRepository(manager).findByUsername(username),
    );
    if (!user) throw DomainError.notFound("User account not found");
    const role = roleOf(user.role);
    if (!(await verifyPassword(password, user.passwordHash)) || !role || !LOGIN_ROLES.has(role)) {
      throw DomainError.unauthenticated(LOGIN_REFUSED);
    }
    if (needsRehash(user.passwordHash)) await this.upgradeHash(user.id, user.passwordHash, password);
    // The claim keeps the legacy spelling, which the KB Editor compares against (Admin, Maint).
    return this.tokens.issue({ sub: String(user.id), name: user.username, role });
  }

  /** Replaces a legacy digest by scrypt, unless the password changed meanwhile. */
  private async upgradeHash(id: number, legacyHash: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    await this.storage.transaction(async (manager) => {
      const users = new UserAccountRepository(manager);
      await users.replaceHash(id, legacyHash, passwordHash, Instant.now());
    });
  }
}
