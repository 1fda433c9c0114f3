import { createHash, timingSafeEqual } from "node:crypto";
import { DomainError } from "../../kit/errors/domain-error.js";
import type { CallContext } from "../../kit/grpc/bind-service.js";

/**
 * The capture service's own access rule: the legacy X-Api-Key header (forwarded by the
 * gateway as `x-api-key` metadata) instead of the kit's JWTs. Compared in constant time.
 */
export class ApiKeyGuard {
  private readonly expected: Buffer;

  constructor(apiKey: string) {
    this.expected = digest(apiKey);
  }

  check(ctx: CallContext): void {
    const given = ctx.metadata.get("x-api-key")[0];
    if (typeof given !== "string" || given === "") throw DomainError.unauthenticated("Missing X-Api-Key");
    if (!timingSafeEqual(digest(given), this.expected))
      throw DomainError.unauthenticated("Invalid X-Api-Key");
  }
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}
