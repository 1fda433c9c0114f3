import { DomainError } from "../../../kit/errors/domain-error.js";

export interface BasicCredentials {
  username: string;
  password: string;
}

/**
 * Reads `Basic base64(user:password)`; the scheme is case-insensitive (a legacy test sends
 * `BASIC`). The password may contain colons: only the first one separates.
 */
export function parseBasicCredentials(value: string | undefined): BasicCredentials {
  if (value === undefined || value.trim() === "") throw DomainError.unauthenticated("Missing credentials");
  const match = /^basic +(\S+)\s*$/i.exec(value);
  if (!match?.[1]) throw DomainError.unauthenticated("Invalid Authorization header");
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon <= 0) throw DomainError.unauthenticated("Invalid Authorization header");
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
