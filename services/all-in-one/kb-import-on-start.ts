import { existsSync } from "node:fs";
import type { Logger } from "pino";
import { DEFAULT_KB_DUMP, importKbDump } from "../../tools/kb-import/kb-import.js";
import { KB_DEFAULT_GRPC_PORT } from "../kb/config.js";
import { readDomainConfig } from "../kit/config/domain-config.js";
import type { Env } from "../kit/domain/domain-module.js";
import { domainDatabaseTarget } from "../kit/storage/database-url.js";

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
