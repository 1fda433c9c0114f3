import { type Env, readFirst, readInt, readString } from "./env-reader.js";

/** The settings every domain's gRPC server reads the same way. */
export interface DomainConfig {
  grpcHost: string;
  grpcPort: number;
  /** The key clients trade for a JWT. */
  apiKey: string;
  /** The HS512 key of the JWTs. */
  signingSecret: string;
  jwtIssuer: string;
  logLevel: string;
  /** Undefined means embedded storage. */
  databaseUrl: string | undefined;
}

/** The issuer the legacy services put in their tokens; keeping it lets old tokens verify. */
const LEGACY_ISSUER = "http://www.mbari.org";
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
    signingSecret,
    jwtIssuer: readString(env, "M3_JWT_ISSUER", LEGACY_ISSUER),
    logLevel,
    databaseUrl: readFirst(env, [`${prefix}_DATABASE_URL`, "M3_DATABASE_URL"]),
  };
}
