import { createHash, timingSafeEqual } from "node:crypto";

/** What an `authorization` value holds, following the legacy parsing rules. */
export type AuthorizationCredentials =
  | { kind: "apiKey"; key: string }
  | { kind: "bearer"; token: string }
  | { kind: "malformed" };

/**
 * Parses `APIKEY <key>` or `Bearer <token>`: the value is split on single spaces and must
 * have exactly two parts; the scheme is case-insensitive (clients send APIKEY, ApiKey, apikey).
 * Returns undefined when there is no value at all.
 */
export function parseAuthorization(value: string | undefined): AuthorizationCredentials | undefined {
  if (value === undefined || value === "") return undefined;
  const parts = value.split(" ");
  if (parts.length !== 2) return { kind: "malformed" };
  const [scheme = "", credential = ""] = parts;
  if (credential === "") return { kind: "malformed" };
  switch (scheme.toLowerCase()) {
    case "apikey":
      return { kind: "apiKey", key: credential };
    case "bearer":
      return { kind: "bearer", token: credential };
    default:
      return { kind: "malformed" };
  }
}

/** Compares keys in constant time; hashing first hides the expected key's length too. */
export function apiKeyMatches(expected: string, given: string): boolean {
  return timingSafeEqual(sha256(expected), sha256(given));
}

/**
 * Whether `given` is one of the keys valid at the moment (several during a rotation). Every key
 * is compared, so the time taken does not tell which one matched or how many there are before it.
 */
export function apiKeyMatchesAny(accepted: readonly string[], given: string): boolean {
  let matched = false;
  for (const key of accepted) matched = apiKeyMatches(key, given) || matched;
  return matched;
}

function sha256(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}
