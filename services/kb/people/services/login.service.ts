import { randomBytes } from "node:crypto";
import type { TokenService } from "../../../kit/auth/token-service.js";
import { DomainError } from "../../../kit/errors/domain-error.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { Instant } from "../../../kit/time/instant.js";
import { UserAccountRepository } from "../repositories/user-account.repository.js";
import { parseBasicCredentials } from "./basic-credentials.js";
import type { LoginThrottle } from "./login-throttle.js";
import { hashPassword, needsRehash, verifyPassword } from "./password-hash.js";
import { roleOf } from "./role-names.js";

// Annotators log in for the annotation tools; read-only users cannot log in (as in the legacy kb).
const LOGIN_ROLES = new Set(["Admin", "Maint", "Annotator"]);
const LOGIN_REFUSED =
  "Unable to login. Check your username and password and verify that you are an administrator or maintainer";

/**
 * HTTP Basic login for Admin, Maint and Annotator users; issues a JWT naming the user and role.
 * An unknown user, a wrong password and a role that may not log in get the same answer after
 * the same work (an unknown user's password is checked against a decoy digest), so answers and
 * timing do not tell which usernames exist. Repeated failures are throttled (LoginThrottle).
 */
export class LoginService {
  private decoyHash: Promise<string> | undefined;

  constructor(
    private readonly storage: DomainStorage,
    private readonly tokens: TokenService,
    private readonly throttle: LoginThrottle,
  ) {}

  /** The signed token for the credentials in an `authorization` value, sent from `clientAddress`. */
  async login(authorization: string | undefined, clientAddress: string): Promise<string> {
    const { username, password } = parseBasicCredentials(authorization);
    await this.throttle.admit(username, clientAddress);
    const user = await this.storage.read((manager) =>
      new UserAccountRepository(manager).findByUsername(username),
    );
    const matches = await verifyPassword(password, user?.passwordHash ?? (await this.decoy()));
    const role = user ? roleOf(user.role) : undefined;
    if (!user || !matches || !role || !LOGIN_ROLES.has(role)) {
      await this.throttle.recordFailure(username, clientAddress);
      throw DomainError.unauthenticated(LOGIN_REFUSED);
    }
    await this.throttle.recordSuccess(username);
    if (needsRehash(user.passwordHash)) await this.upgradeHash(user.id, user.passwordHash, password);
    // The claim keeps the legacy spelling, which the KB Editor compares against (Admin, Maint).
    return this.tokens.issue({ sub: String(user.id), name: user.username, role });
  }

  /** A digest of a random password, made once, in the format new passwords are stored in. */
  private decoy(): Promise<string> {
    this.decoyHash ??= hashPassword(randomBytes(16).toString("base64"));
    return this.decoyHash;
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
