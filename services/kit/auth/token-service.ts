import { createHash } from "node:crypto";
import { decodeProtectedHeader, type JWTPayload, jwtVerify, SignJWT } from "jose";
import { DomainError } from "../errors/domain-error.js";
import { VerifiedTokens } from "./verified-tokens.js";

/** Checks a bearer token; rejects when it is not one this service would accept. */
export interface TokenVerifier {
  /** The token's claims once its signature, issuer and times check out. */
  verifyClaims(token: string): Promise<Record<string, unknown>>;
}

export interface TokenServiceOptions {
  /** Signs new tokens and verifies them. */
  signingSecret: string;
  /** Secrets of earlier rotations: tokens they signed still verify until they expire. */
  previousSigningSecrets?: readonly string[];
  issuer: string;
  /** Lifetime of issued tokens; the legacy services issued one-day tokens. */
  ttlSeconds?: number;
}

const ALGORITHM = "HS512";
const DEFAULT_TTL_SECONDS = 86_400;
// Tokens may be issued by one pod and checked by another whose clock differs slightly.
const CLOCK_TOLERANCE_SECONDS = 30;

/** A secret's key id: a short digest that names the secret in a token's `kid` header without revealing it. */
export function signingKeyId(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("base64url").slice(0, 16);
}

interface SigningKey {
  id: string;
  key: Uint8Array;
}

/**
 * Issues and verifies the HS512 JWTs of the legacy API-key scheme (claims iss, iat, exp). New
 * tokens are signed with the current secret and name it in their `kid` header; a token is
 * verified with the secret its `kid` names, the current one or one of the previous ones, so a
 * secret can be rotated without refusing the tokens already out. A token without `kid` (issued
 * before rotation existed, or by a legacy service) is tried against each secret.
 */
export class TokenService implements TokenVerifier {
  private readonly current: SigningKey;
  private readonly keys: readonly SigningKey[];
  private readonly issuer: string;
  private readonly ttlSeconds: number;
  private readonly verified = new VerifiedTokens();

  constructor(options: TokenServiceOptions) {
    if (options.signingSecret === "") throw new Error("the token signing secret must not be empty");
    const encoder = new TextEncoder();
    const keyOf = (secret: string): SigningKey => ({ id: signingKeyId(secret), key: encoder.encode(secret) });
    this.current = keyOf(options.signingSecret);
    const previous = (options.previousSigningSecrets ?? []).filter(
      (secret) => secret !== "" && secret !== options.signingSecret,
    );
    this.keys = [this.current, ...previous.map(keyOf)];
    this.issuer = options.issuer;
    this.ttlSeconds = options.ttlSeconds ?? DEFAULT_TTL_SECONDS;
  }

  /** The `kid` of the tokens issued now. */
  get keyId(): string {
    return this.current.id;
  }

  /** A signed token; extra claims never override iss, iat or exp. */
  issue(extraClaims: Record<string, unknown> = {}): Promise<string> {
    const issuedAt = Math.floor(Date.now() / 1000);
    return new SignJWT(extraClaims as JWTPayload)
      .setProtectedHeader({ alg: ALGORITHM, typ: "JWT", kid: this.current.id })
      .setIssuer(this.issuer)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ttlSeconds)
      .sign(this.current.key);
  }

  async verify(token: string): Promise<void> {
    await this.verifyClaims(token);
  }

  /** The claims of a valid token; rejects with UNAUTHENTICATED "Invalid token" otherwise. */
  async verifyClaims(token: string): Promise<Record<string, unknown>> {
    const remembered = this.verified.claimsOf(token, Date.now());
    if (remembered !== undefined) return remembered;
    let lastError: unknown = new Error("no signing key matches the token's kid");
    for (const candidate of this.candidatesFor(token)) {
      try {
        const { payload } = await jwtVerify(token, candidate.key, {
          algorithms: [ALGORITHM],
          issuer: this.issuer,
          requiredClaims: ["exp"],
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
        });
        if (issuedInFuture(payload)) throw new Error("iat is in the future");
        // jose required exp; the token is accepted until exp plus the tolerance (a later nbf or
        // iat check can only pass again).
        this.verified.remember(token, payload, ((payload.exp as number) + CLOCK_TOLERANCE_SECONDS) * 1000);
        return payload;
      } catch (error) {
        lastError = error;
      }
    }
    throw Object.assign(DomainError.unauthenticated("Invalid token"), { cause: lastError });
  }

  /** The keys a token may have been signed with: the one its `kid` names, else all of them. */
  private candidatesFor(token: string): readonly SigningKey[] {
    let kid: unknown;
    try {
      kid = decodeProtectedHeader(token).kid;
    } catch {
      return [this.current];
    }
    if (kid === undefined) return this.keys;
    return this.keys.filter((candidate) => candidate.id === kid);
  }
}

function issuedInFuture(payload: JWTPayload): boolean {
  const now = Math.floor(Date.now() / 1000);
  return payload.iat !== undefined && payload.iat > now + CLOCK_TOLERANCE_SECONDS;
}
