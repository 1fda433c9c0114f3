import { credentials, Metadata } from "@grpc/grpc-js";
import { AuthServiceClient } from "../../proto/gen/m3/common/v1/auth.js";
import { unary } from "./unary.js";

/** Renew a token this long before it expires. */
const RENEW_BEFORE_SECONDS = 300;
const TOKEN_CALL_DEADLINE_MILLIS = 10_000;

/**
 * The bearer token of one domain, traded for the API key at that domain's AuthService
 * (as `POST <base>/v1/auth` does over REST) and renewed before it expires. Each domain issues
 * its own tokens, since deployments may give domains their own signing secrets.
 */
export class ApiKeyTokens {
  private current: { token: string; renewAt: number } | undefined;
  private renewing: Promise<string> | undefined;

  constructor(
    private readonly address: string,
    private readonly apiKey: string,
  ) {}

  /** A valid token: the cached one, or a new one when it is close to expiring. */
  async token(): Promise<string> {
    if (this.current && Date.now() < this.current.renewAt) return this.current.token;
    this.renewing ??= this.fetch().finally(() => {
      this.renewing = undefined;
    });
    return this.renewing;
  }

  private async fetch(): Promise<string> {
    const client = new AuthServiceClient(this.address, credentials.createInsecure());
    try {
      const metadata = new Metadata();
      metadata.set("authorization", `APIKEY ${this.apiKey}`);
      const { accessToken } = await unary(client.createToken, client)(
        {},
        { metadata, deadlineMillis: TOKEN_CALL_DEADLINE_MILLIS },
      );
      this.current = { token: accessToken, renewAt: renewalTime(accessToken) };
      return accessToken;
    } finally {
      client.close();
    }
  }
}

/** When to renew: RENEW_BEFORE_SECONDS before the token's `exp` (read, not verified: the domain verifies). */
function renewalTime(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as {
    exp?: number;
  };
  const expiresAt = (payload.exp ?? Math.floor(Date.now() / 1000) + 3600) * 1000;
  return expiresAt - RENEW_BEFORE_SECONDS * 1000;
}
