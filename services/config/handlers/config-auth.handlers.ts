import type { ConfigAuthServiceService } from "../../../proto/gen/m3/config/v1/config_auth_service.js";
import type { CallContext, UnaryHandlers } from "../../kit/grpc/bind-service.js";
import type { ConfigAuthService } from "../auth/config-auth.service.js";

const LOGIN_FILE_TYPE = "text/plain; charset=utf-8";

export function configAuthHandlers(auth: ConfigAuthService): UnaryHandlers<typeof ConfigAuthServiceService> {
  return {
    createToken: async (_request, ctx) => ({
      accessToken: await auth.createToken({
        apiKey: apiKeyOf(ctx),
        authorization: ctx.authorization,
        clientAddress: ctx.clientAddress,
      }),
    }),
    verifyToken: async (_request, ctx) => ({ claims: await auth.verifyToken(ctx.authorization) }),
    encodeLoginFile: async (_request, ctx) => ({
      contentType: LOGIN_FILE_TYPE,
      data: Buffer.from(await auth.encodeLoginFile(ctx.authorization, ctx.clientAddress), "utf8"),
    }),
    loginWithFile: async (request, ctx) => ({
      accessToken: await auth.loginWithFile(request.content, ctx.clientAddress),
    }),
  };
}

function apiKeyOf(ctx: CallContext): string | undefined {
  const value = ctx.metadata.get("x-api-key")[0];
  return typeof value === "string" && value !== "" ? value : undefined;
}
