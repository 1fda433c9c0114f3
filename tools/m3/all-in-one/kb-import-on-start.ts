import { existsSync } from "node:fs";
import type { Logger } from "pino";
import { KB_DEFAULT_GRPC_PORT } from "../../../services/kb/config.js";
import { readDomainConfig } from "../../../services/kit/config/domain-config.js";
import type { Env } from "../../../services/kit/domain/domain-module.js";
import { domainDatabaseTarget } from "../../../services/kit/storage/database-url.js";
import { DEFAULT_KB_DUMP, importKbDump } from "../kb-import/kb-import.js";

/** Loads the real kb dump (M3_KB_DUMP or the shared one) into the kb's database when it is empty. */
export async function importKbOnStart(env: Env, dataDir: string, logger: Logger): Promise<void> {
  const { databaseUrl } = readDomainConfig(env, "kb", { grpcPort: KB_DEFAULT_GRPC_PORT });
  const file = env.M3_KB_DUMP || DEFAULT_KB_DUMP;
  if (!existsSync(file)) {
    throw new Error(`no kb dump at ${file}: set M3_KB_DUMP to the path of kb-dump.json.zip (or a .json)`);
  }
  const result = await importKbDump({ target: domainDatabaseTarget(databaseUrl, dataDir, "kb"), file });
  logger.info({ file, ...result.counts, seconds: result.seconds }, result.message);
}
