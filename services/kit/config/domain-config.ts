import { type Env, readFirst, readInt, readString } from "./env-reader.js";

/** The settings every domain's gRPC server reads the same way. */
export interface DomainConfig {
  grpcHost: string;
  grpcPort: number;
  /** The key clients trade for a JWT (and the one the config service lists for this domain). */
  apiKey: string;
  /** Every key accepted: apiKey, then M3_<DOMAIN>_API_KEYS or M3_API_KEYS (comma-separated), for rotations. */
  apiKeys: string[];
  /** The HS512 key that signs new JWTs. */
  signingSecret: string;
  /** Earlier signing secrets whose tokens still verify until they expire (M3_PREVIOUS_SIGNING_SECRETS). */
  previousSigningSecrets: string[];
  jwtIssuer: string;
  logLevel: string;
  /** Undefined means embedded storage. */
  databaseUrl: string | undefined;
}

/** The issuer the legacy services put in their tokens; keeping it lets old tokens verify. */
export const LEGACY_ISSUER = "http://www.mbari.org";
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

function settingPrefix(domain: string): string {
  return `M3_${domain.toUpperCase().replace(/[^0-9A-Z]/g, "_")}`;
}

/** Where a domain reads its API key, first set wins. */
export function apiKeySettings(domain: string): string[] {
  return [`${settingPrefix(domain)}_API_KEY`, "M3_API_KEY"];
}

/**
 * Reads M3_<DOMAIN>_* settings, falling back to the shared M3_* ones. The API key and the
 * signing secret have no default: the all-in-one launcher generates them, deployments set them.
 */
export function readDomainConfig(env: Env, domain: string, defaults: { grpcPort: number }): DomainConfig {
  const prefix = settingPrefix(domain);
  const secrets = {
    apiKey: apiKeySettings(domain),
    signingSecret: [`${prefix}_SIGNING_SECRET`, "M3_SIGNING_SECRET"],
  };
  const apiKey = readFirst(env, secrets.apiKey);
  const signingSecret = readFirst(env, secrets.signingSecret);
  if (apiKey === undefined || signingSecret === undefined) {
    const missing = [secrets.apiKey, secrets.signingSecret].filter(
      (names) => readFirst(env, names) === undefined,
    );
    const names = missing.map((alternatives) => alternatives.join(" or ")).join(", and ");
    throw new Error(`${domain}: ${names} must be set (a non-empty secret string)`);
  }
  const logLevel = readString(env, "M3_LOG_LEVEL", "info");
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new Error(`M3_LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got "${logLevel}"`);
  }
  return {
    grpcHost: readFirst(env, [`${prefix}_GRPC_HOST`, "M3_GRPC_HOST"], "0.0.0.0"),
    grpcPort: readInt(env, `${prefix}_GRPC_PORT`, defaults.grpcPort, { min: 0, max: 65_535 }),
    apiKey,
    apiKeys: [...new Set([apiKey, ...listOf(readFirst(env, [`${prefix}_API_KEYS`, "M3_API_KEYS"]))])],
    signingSecret,
    previousSigningSecrets: listOf(
      readFirst(env, [`${prefix}_PREVIOUS_SIGNING_SECRETS`, "M3_PREVIOUS_SIGNING_SECRETS"]),
    ).filter((secret) => secret !== signingSecret),
    jwtIssuer: readString(env, "M3_JWT_ISSUER", LEGACY_ISSUER),
    logLevel,
    databaseUrl: readFirst(env, [`${prefix}_DATABASE_URL`, "M3_DATABASE_URL"]),
  };
}

/** A comma-separated setting as its non-empty items. */
function listOf(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}
