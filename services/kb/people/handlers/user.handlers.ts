import type { UserAccount } from "../../../../proto/gen/m3/kb/v1/resources.js";
import type { UserServiceService } from "../../../../proto/gen/m3/kb/v1/user_service.js";
import type { UnaryHandlers } from "../../../kit/grpc/bind-service.js";
import type { PrincipalResolver } from "../../contracts/principal.js";
import type { UserAccountEntity } from "../entities/user-account.entity.js";
import type { UserAccountService } from "../services/user-account.service.js";

/** Reads need any valid token; creating, changing and deleting users need an Admin user. */
export function userHandlers(
  users: UserAccountService,
  principals: PrincipalResolver,
): UnaryHandlers<typeof UserServiceService> {
  return {
    listUsers: async () => ({ users: (await users.list()).map(toUserAccount) }),
    getUser: async (request) => toUserAccount(await users.get(request.name)),
    listUsersByRole: async (request) => ({
      users: (await users.listByRole(request.role)).map(toUserAccount),
    }),
    createUser: async (request, ctx) => {
      await principals.requireAdmin(ctx);
      return toUserAccount(await users.create(request));
    },
    updateUser: async (request, ctx) => {
      await principals.requireAdmin(ctx);
      const { name, ...changes } = request;
      return toUserAccount(await users.update(name, changes));
    },
    deleteUser: async (request, ctx) => {
      await principals.requireAdmin(ctx);
      await users.delete(request.name);
      return {};
    },
  };
}

/** The wire record: never the password digest. */
export function toUserAccount(user: UserAccountEntity): UserAccount {
  return {
    username: user.username,
    role: user.role,
    affiliation: user.affiliation ?? undefined,
    firstName: user.firstName ?? undefined,
    lastName: user.lastName ?? undefined,
    email: user.email ?? undefined,
    id: user.id,
    isEncrypted: true,
  };
}
