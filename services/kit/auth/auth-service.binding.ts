import type { Logger } from "pino";
import { AuthServiceService } from "../../../proto/gen/m3/common/v1/auth.js";
import { DomainError } from "../errors/domain-error.js";
import { bindService, type ServiceBinding } from "../grpc/bind-service.js";
import { AUTH_SERVICE_ACCESS } from "./auth-service.access.js";
import { apiKeyMatchesAny, parseAuthorization } from "./authorization-header.js";
import type { TokenService } from "./token-service.js";

export interface AuthServiceOptions {
  /** The keys clients may present as `APIKEY <key>` (several during a rotation). */
  apiKeys: readonly string[];
  tokens: TokenService;
  logger?: Logger;
}

/** m3.common.v1.AuthService: trades the API key in the `authorization` metadata for a JWT. */
export function createAuthServiceBinding(options: AuthServiceOptions): ServiceBinding {
  return bindService(
    AuthServiceService,
    {
      createToken: async (_request, ctx) => {
        const credentials = parseAuthorization(ctx.authorization);
        if (credentials === undefined) throw DomainError.unauthenticated("Missing API key");
        if (credentials.kind !== "apiKey") throw DomainError.unauthenticated("Invalid Authorization header");
        if (!apiKeyMatchesAny(options.apiKeys, credentials.key))
          throw DomainError.unauthenticated("Invalid API key");
        return { tokenType: "Bearer", accessToken: await options.tokens.issue() };
      },
    },
    { declaration: AUTH_SERVICE_ACCESS, tokens: options.tokens, logger: options.logger },
  );
}
