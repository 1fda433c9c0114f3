import { DomainError } from "../../../kit/errors/domain-error.js";
import type { CallContext } from "../../../kit/grpc/bind-service.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { KB_WRITER_ROLES, type Principal, type PrincipalResolver } from "../../contracts/principal.js";
import { UserAccountRepository } from "../repositories/user-account.repository.js";

const ADMIN = "Admin";

/**
 * Resolves the JWT `name` claim to the stored user, reading the role from the database
 * (as the legacy service did) so a demoted user loses rights before the token expires.
 * It runs its own read: call it before opening a transaction (SQLite serialises both).
 */
export class StoredPrincipalResolver implements PrincipalResolver {
  constructor(private readonly storage: DomainStorage) {}

  async resolve(ctx: CallContext): Promise<Principal | undefined> {
    const name = ctx.claims?.name;
    if (typeof name !== "string" || name === "") return undefined;
    const user = await this.storage.read((manager) =>
      new UserAccountRepository(manager).findByUsername(name),
    );
    if (!user) return undefined;
    return { username: user.username, role: user.role, isAdmin: user.role === ADMIN };
  }

  async requireWriter(ctx: CallContext): Promise<Principal> {
    const principal = await this.resolve(ctx);
    if (!principal || !KB_WRITER_ROLES.has(principal.role)) throw denied(principal);
    return principal;
  }

  async requireAdmin(ctx: CallContext): Promise<Principal> {
    const principal = await this.resolve(ctx);
    if (!principal?.isAdmin) throw denied(principal);
    return principal;
  }
}

function denied(principal: Principal | undefined): DomainError {
  return DomainError.permissionDenied(
    principal
      ? `I'm sorry \`${principal.username}\`, I can not let you do that.`
      : "I'm sorry, I can not let you do that.",
  );
}
