import { apiKeyMatchesAny, parseAuthorization } from "../../kit/auth/authorization-header.js";
import type { TokenVerifier } from "../../kit/auth/token-service.js";
import { DomainError } from "../../kit/errors/domain-error.js";
import type { CallContext } from "../../kit/grpc/bind-service.js";

/**
 * Who may grab frames. The legacy X-Api-Key header (forwarded by the gateway as `x-api-key`
 * metadata), compared in constant time with every key valid at the moment (several during a
 * rotation), exactly as beholder's clients send it. A call without that header may instead carry
 * a signed-in kb user's bearer token (`Authorization: Bearer`, as the kb's login issues it, with
 * a `name` claim), which the web console holds: a browser never gets the API key, and the token
 * names a person and expires. The token must verify with this domain's signing secret, which the
 * platform shares; a standalone capture server with its own secret accepts only the key.
 */
export class CaptureAccessGuard {
  constructor(
    private readonly apiKeys: readonly string[],
    private readonly tokens: TokenVerifier,
  ) {}

  async check(ctx: CallContext): Promise<void> {
    const given = ctx.metadata.get("x-api-key")[0];
    if (typeof given === "string" && given !== "") {
      if (!apiKeyMatchesAny(this.apiKeys, given)) throw DomainError.unauthenticated("Invalid X-Api-Key");
      return;
    }
    const authorization = ctx.metadata.get("authorization")[0];
    const credentials = parseAuthorization(typeof authorization === "string" ? authorization : undefined);
    if (credentials?.kind !== "bearer") throw DomainError.unauthenticated("Missing X-Api-Key");
    const claims = await this.tokens.verifyClaims(credentials.token);
    if (typeof claims.name !== "string" || claims.name === "") {
      throw DomainError.unauthenticated(
        "The bearer token is not a kb user's: sign in to the kb, or send X-Api-Key",
      );
    }
  }
}
