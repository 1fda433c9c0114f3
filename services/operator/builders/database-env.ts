/**
 * The database URLs a process reads, each from its Secret: M3_DATABASE_URL (the shared one) and
 * M3_<DOMAIN>_DATABASE_URL for a domain given its own database (a per-domain variable wins,
 * docs/configuration.md). The domains, the migration Job and the backup all take them here.
 */
import { DATABASE_DOMAINS, type DomainName } from "../api/domain-names.js";
import type { M3Platform } from "../api/m3platform-schema.js";

interface SecretRef {
  name: string;
  key: string;
}

export function fromSecret(envName: string, ref: SecretRef, optional = false) {
  return {
    name: envName,
    valueFrom: { secretKeyRef: { name: ref.name, key: ref.key, ...(optional ? { optional } : {}) } },
  };
}

/** A database domain's own URL Secret, if the spec gives it one. */
export function domainDatabaseSecret(platform: M3Platform, domain: DomainName): SecretRef | undefined {
  const own = platform.spec.database.domains as
    | Partial<Record<DomainName, { urlSecret: SecretRef }>>
    | undefined;
  return own?.[domain]?.urlSecret;
}

/** The variables of the given domains' databases (the shared URL first). */
export function databaseEnv(platform: M3Platform, domains: readonly DomainName[]) {
  const env = [fromSecret("M3_DATABASE_URL", platform.spec.database.urlSecret)];
  for (const domain of domains.filter((name) => DATABASE_DOMAINS.includes(name))) {
    const own = domainDatabaseSecret(platform, domain);
    if (own) env.push(fromSecret(`M3_${domain.toUpperCase()}_DATABASE_URL`, own));
  }
  return env;
}

/** The Secrets holding the platform's database URLs. */
export function databaseSecretNames(platform: M3Platform): string[] {
  return [
    platform.spec.database.urlSecret.name,
    ...DATABASE_DOMAINS.flatMap((domain) => domainDatabaseSecret(platform, domain)?.name ?? []),
  ];
}
