import type { UserAuthServiceService } from "../../../../proto/gen/m3/kb/v1/user_auth_service.js";
import type { UnaryHandlers } from "../../../kit/grpc/bind-service.js";
import type { LoginService } from "../services/login.service.js";

export function userAuthHandlers(login: LoginService): UnaryHandlers<typeof UserAuthServiceService> {
  return {
    login: async (_request, ctx) => ({
      tokenType: "Bearer",
      accessToken: await login.login(ctx.authorization, ctx.clientAddress),
    }),
  };
}
