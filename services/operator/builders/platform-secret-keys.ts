/**
 * The keys of the platform's own Secret (spec.secrets.name): the current API key and signing
 * secret, and the comma-separated lists a rotation fills (other accepted keys, earlier secrets).
 * Their default names are the schema's defaults, read from it.
 */
import { M3_PLATFORM_SPEC, type M3Platform } from "../api/m3platform-schema.js";

const KEY_FIELDS = M3_PLATFORM_SPEC.properties.secrets.properties;

export interface PlatformSecretKeys {
  apiKey: string;
  apiKeys: string;
  signingSecret: string;
  previousSigningSecrets: string;
}

export function platformSecretKeys(platform: M3Platform): PlatformSecretKeys {
  const own = platform.spec.secrets;
  return {
    apiKey: own.apiKeyKey ?? KEY_FIELDS.apiKeyKey.default,
    apiKeys: own.apiKeysKey ?? KEY_FIELDS.apiKeysKey.default,
    signingSecret: own.signingSecretKey ?? KEY_FIELDS.signingSecretKey.default,
    previousSigningSecrets: own.previousSigningSecretsKey ?? KEY_FIELDS.previousSigningSecretsKey.default,
  };
}

/** The secrets a rotation replaces: spec.secrets.rotate, else the schema's default (both). */
export function rotatedSecrets(platform: M3Platform): ("apiKey" | "signingSecret")[] {
  return [...(platform.spec.secrets.rotate ?? KEY_FIELDS.rotate.default)];
}

/** How long the old values stay accepted after the Switch rolled out (the schema's default: a token's lifetime). */
export function retireAfterSeconds(platform: M3Platform): number {
  return (
    platform.spec.secrets.rotation?.retireAfterSeconds ??
    KEY_FIELDS.rotation.properties.retireAfterSeconds.default
  );
}
