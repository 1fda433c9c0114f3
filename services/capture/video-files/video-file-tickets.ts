import { createHmac, timingSafeEqual } from "node:crypto";
import { DomainError } from "../../kit/errors/domain-error.js";

/** What a ticket grants: reading the file at `videoUrl` until `expiresAtMillis`. */
export interface TicketGrant {
  videoUrl: string;
  expiresAtMillis: number;
}

/**
 * Signs and checks the tickets a browser's video element reads a file with. A ticket is
 * `<base64url JSON grant>.<base64url HMAC-SHA256>`, keyed by a key derived from the signing
 * secret for this use only: it is not a JWT, so it can never pass as a bearer token anywhere,
 * and it names one file and expires, so a link that leaks (a URL lands in logs and history)
 * opens that file for a short while only.
 */
export class VideoFileTickets {
  private readonly key: Buffer;

  constructor(signingSecret: string) {
    this.key = createHmac("sha256", signingSecret).update("m3 capture video file tickets").digest();
  }

  sign(grant: TicketGrant): string {
    const payload = Buffer.from(JSON.stringify({ u: grant.videoUrl, e: grant.expiresAtMillis })).toString(
      "base64url",
    );
    return `${payload}.${this.signatureOf(payload).toString("base64url")}`;
  }

  /** The grant of a ticket signed here and not yet expired at `nowMillis`. */
  verify(ticket: string, nowMillis: number): TicketGrant {
    const [payload, signature, extra] = ticket.split(".");
    if (!payload || !signature || extra !== undefined || !this.signedHere(payload, signature)) {
      throw DomainError.unauthenticated("The video link is not valid: open the video again from the console");
    }
    const grant = parseGrant(payload);
    if (!grant) throw DomainError.unauthenticated("The video link is not valid");
    if (grant.expiresAtMillis <= nowMillis) {
      throw DomainError.unauthenticated("The video link has expired: open the video again from the console");
    }
    return grant;
  }

  private signedHere(payload: string, signature: string): boolean {
    const expected = this.signatureOf(payload);
    const given = Buffer.from(signature, "base64url");
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private signatureOf(payload: string): Buffer {
    return createHmac("sha256", this.key).update(payload).digest();
  }
}

function parseGrant(payload: string): TicketGrant | undefined {
  try {
    const { u, e } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
      u?: unknown;
      e?: unknown;
    };
    return typeof u === "string" && typeof e === "number" ? { videoUrl: u, expiresAtMillis: e } : undefined;
  } catch {
    return undefined;
  }
}
