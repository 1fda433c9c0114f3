/** A username and password from an HTTP Basic `authorization` value. */
export interface BasicCredentials {
  username: string;
  password: string;
}

/** The credentials of `Basic base64(user:password)` (scheme case-insensitive); undefined otherwise. */
export function parseBasic(authorization: string | undefined): BasicCredentials | undefined {
  const match = /^basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? "");
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon <= 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export function basicAuthorization(credentials: BasicCredentials): string {
  return `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`, "utf8").toString("base64")}`;
}
