import { DomainError } from "../../../kit/errors/domain-error.js";
import type { CallContext } from "../../../kit/grpc/bind-service.js";
import type { DomainStorage } from "../../../kit/storage/domain-storage.js";
import { KB_WRITER_ROLES, type Principal, type PrincipalResolver } from "../../contracts/principal.js";
import { UserAccountRepository } from "../repositories/user-account.repository.js";
import { roleOf } from "./role-names.js";

const ADMIN = "Admin";

/**
 * Who acts for a token issued for the API key (it names no user): a trusted service, which may
 * do what an admin may, as the legacy kb let it (the VARS desktop app manages users and reads
 * preferences with it). Its changes are recorded under this name.
 */
const SERVICE: Principal = { username: "service", role: ADMIN, isAdmin: true };

/**
 * Resolves the JWT `name` claim to the stored user, reading the role from the database
 * (as the legacy service did) so a demoted user loses rights before the token expires.
 * A verified token without a `name` was issued for the API key: the trusted service.
 * It runs its own read: call it before opening a transaction (SQLite serialises both).
 */
export class StoredPrincipalResolver implements PrincipalResolver {
  constructor(private readonly storage: DomainStorage) {}

  async resolve(ctx: CallContext): Promise<Principal | undefined> {
    const claims = ctx.claims;
    if (claims === undefined) return undefined;
    const name = claims.name;
    if (name === undefined) return SERVICE;
    if (typeof name !== "string" || name === "") return undefined;
    const user = await this.storage.read((manager) =>
      new UserAccountRepository(manager).findByUsername(name),
    );
    if (!user) return undefined;
    const role = roleOf(user.role) ?? user.role;
    return { username: user.username, role, isAdmin: role === ADMIN };
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
