import type { Logger } from "pino";
import { MIGRATABLE_DOMAINS, migrateDomains } from "../../tools/migrate/migrate.js";
import { KB_DEFAULT_GRPC_PORT, readKbSettings } from "../kb/config.js";
import { kbSchema } from "../kb/kb.module.js";
import { ensureAdminUser } from "../kb/people/people-slice.js";
import { readDomainConfig } from "../kit/config/domain-config.js";
import type { Env } from "../kit/domain/domain-module.js";
import { domainDatabaseTarget } from "../kit/storage/database-url.js";
import { openDomainStorage } from "../kit/storage/domain-storage.js";

/**
 * What several workers must not each do at once, done once before they start: every domain's
 * schema migrated and the first kb administrator created. The workers then find no migration
 * pending and are started without the administrator's password (workerEnv), so none seeds.
 */
export async function prepareStorage(env: Env, dataDir: string, logger: Logger): Promise<void> {
  const others = MIGRATABLE_DOMAINS.filter((domain) => domain !== "kb");
  await Promise.all([migrateDomains(others, env, dataDir), seedKb(env, dataDir, logger)]);
}

async function seedKb(env: Env, dataDir: string, logger: Logger): Promise<void> {
  const { databaseUrl } = readDomainConfig(env, "kb", { grpcPort: KB_DEFAULT_GRPC_PORT });
  const storage = await openDomainStorage({
    target: domainDatabaseTarget(databaseUrl, dataDir, "kb"),
    domain: "kb",
    ...kbSchema,
  });
  try {
    const { admin } = readKbSettings(env);
    if (!admin) return;
    const { created } = await ensureAdminUser(storage, admin);
    if (created) logger.info({ username: admin.username }, "created the first kb administrator");
  } finally {
    await storage.close();
  }
}

/** The environment of the workers: the kb administrator exists already (prepareStorage). */
export function workerEnv(env: Env): Env {
  return { ...env, M3_ADMIN_PASSWORD: "" };
}
