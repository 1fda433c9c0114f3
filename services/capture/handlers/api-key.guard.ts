import { apiKeyMatchesAny } from "../../kit/auth/authorization-header.js";
import { DomainError } from "../../kit/errors/domain-error.js";
import type { CallContext } from "../../kit/grpc/bind-service.js";

/**
 * The capture service's own access rule: the legacy X-Api-Key header (forwarded by the
 * gateway as `x-api-key` metadata) instead of the kit's JWTs. Compared in constant time, with
 * every key valid at the moment (several during a rotation).
 */
export class ApiKeyGuard {
  constructor(private readonly apiKeys: readonly string[]) {}

  check(ctx: CallContext): void {
    const given = ctx.metadata.get("x-api-key")[0];
    if (typeof given !== "string" || given === "") throw DomainError.unauthenticated("Missing X-Api-Key");
    if (!apiKeyMatchesAny(this.apiKeys, given)) throw DomainError.unauthenticated("Invalid X-Api-Key");
  }
}
