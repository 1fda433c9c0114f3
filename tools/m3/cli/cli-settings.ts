import { resolve } from "node:path";
import type { Env } from "../../../services/kit/config/env-reader.js";
import { type DatabaseTarget, domainDatabaseTarget } from "../../../services/kit/storage/database-url.js";

/** What every subcommand reads, as `m3 start` does: the environment and the data folder. */
export interface CliSettings {
  env: Env;
  /** M3_DATA_DIR, default ./data: the SQLite files and generated secrets of `m3 start`. */
  dataDir: string;
}

/** The environment with `--database-url` (when given) as M3_DATABASE_URL. */
export function cliSettings(options: { databaseUrl?: string }, processEnv: Env = process.env): CliSettings {
  const env: Env = { ...processEnv };
  if (options.databaseUrl) env.M3_DATABASE_URL = options.databaseUrl;
  return { env, dataDir: resolve(env.M3_DATA_DIR || "./data") };
}

/** Output for people, or one JSON document for scripts (`--json`). */
export function printResult(json: boolean, value: unknown, text: string): void {
  process.stdout.write(json ? `${JSON.stringify(value)}\n` : `${text}\n`);
}

/** A domain's database as the domain reads it: M3_<DOMAIN>_DATABASE_URL, else M3_DATABASE_URL, else its SQLite file. */
export function domainTarget(settings: CliSettings, domain: string): DatabaseTarget {
  const url = settings.env[`M3_${domain.toUpperCase()}_DATABASE_URL`] || settings.env.M3_DATABASE_URL;
  return domainDatabaseTarget(url || undefined, settings.dataDir, domain);
}
