import { type JWTPayload, jwtVerify, SignJWT } from "jose";
import { DomainError } from "../errors/domain-error.js";

/** Checks a bearer token; rejects when it is not one this service would accept. */
export interface TokenVerifier {
  /** The token's claims once its signature, issuer and times check out. */
  verifyClaims(token: string): Promise<Record<string, unknown>>;
}

export interface TokenServiceOptions {
  signingSecret: string;
  issuer: string;
  /** Lifetime of issued tokens; the legacy services issued one-day tokens. */
  ttlSeconds?: number;
}

const ALGORITHM = "HS512";
const DEFAULT_TTL_SECONDS = 86_400;
// Tokens may be issued by one pod and checked by another whose clock differs slightly.
const CLOCK_TOLERANCE_SECONDS = 30;

/** Issues and verifies the HS512 JWTs of the legacy API-key scheme (claims iss, iat, exp). */
export class TokenService implements TokenVerifier {
  private readonly key: Uint8Array;
  private readonly issuer: string;
  private readonly ttlSeconds: number;

  constructor(options: TokenServiceOptions) {
    if (options.signingSecret === "") throw new Error("the token signing secret must not be empty");
    this.key = new TextEncoder().encode(options.signingSecret);
    this.issuer = options.issuer;
    this.ttlSeconds = options.ttlSeconds ?? DEFAULT_TTL_SECONDS;
  }

  /** A signed token; extra claims never override iss, iat or exp. */
  issue(extraClaims: Record<string, unknown> = {}): Promise<string> {
    const issuedAt = Math.floor(Date.now() / 1000);
    return new SignJWT(extraClaims as JWTPayload)
      .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
      .setIssuer(this.issuer)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ttlSeconds)
      .sign(this.key);
  }

  async verify(token: string): Promise<void> {
    await this.verifyClaims(token);
  }

  /** The claims of a valid token; rejects with UNAUTHENTICATED "Invalid token" otherwise. */
  async verifyClaims(token: string): Promise<Record<string, unknown>> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: this.issuer,
        requiredClaims: ["exp"],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      });
      if (issuedInFuture(payload)) throw new Error("iat is in the future");
      return payload;
    } catch (error) {
      throw Object.assign(DomainError.unauthenticated("Invalid token"), { cause: error });
    }
  }
}

function issuedInFuture(payload: JWTPayload): boolean {
  const now = Math.floor(Date.now() / 1000);
  return payload.iat !== undefined && payload.iat > now + CLOCK_TOLERANCE_SECONDS;
}
