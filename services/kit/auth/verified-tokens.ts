/** The tokens a verifier remembers at most; the oldest is forgotten first. */
const DEFAULT_CAPACITY = 1024;

interface VerifiedToken {
  claims: Readonly<Record<string, unknown>>;
  /** When the token stops being accepted (its `exp` plus the clock tolerance), in ms since the epoch. */
  validUntilMs: number;
}

/**
 * Tokens already verified, by their text. A token's signature, issuer and claims are fixed by
 * its text and the verifier's secrets, so checking the same token again only needs the clock:
 * verifying an HS512 signature through WebCrypto (a thread-pool job per call) was 7-9% of the
 * CPU of a write request, which carries the same token as the client's previous ones. Only
 * tokens that passed are kept, at most `capacity` of them, each until it expires.
 */
export class VerifiedTokens {
  private readonly tokens = new Map<string, VerifiedToken>();

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  /** A copy of the claims of a remembered token still valid at `nowMs`; undefined otherwise. */
  claimsOf(token: string, nowMs: number): Record<string, unknown> | undefined {
    const verified = this.tokens.get(token);
    if (verified === undefined) return undefined;
    if (nowMs >= verified.validUntilMs) {
      this.tokens.delete(token);
      return undefined;
    }
    return { ...verified.claims };
  }

  remember(token: string, claims: Record<string, unknown>, validUntilMs: number): void {
    if (this.tokens.size >= this.capacity && !this.tokens.has(token)) {
      const oldest = this.tokens.keys().next();
      if (!oldest.done) this.tokens.delete(oldest.value);
    }
    this.tokens.set(token, { claims: { ...claims }, validUntilMs });
  }
}
