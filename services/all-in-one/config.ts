import { resolve } from "node:path";
import { readInt, readString } from "../kit/config/env-reader.js";

type Env = Record<string, string | undefined>;

export interface AllInOneConfig {
  /** Gateway port (PORT, default 8080). */
  port: number;
  /** Gateway bind address (M3_HOST, default 0.0.0.0). */
  host: string;
  /** Where SQLite files and generated secrets live (M3_DATA_DIR, default ./data). */
  dataDir: string;
  logLevel: string;
  /** The environment the domains read their own settings from, secrets filled in. */
  env: Env;
}

/** The only reader of process.env for the all-in-one process. */
export function readAllInOneConfig(
  processEnv: Env = process.env,
): Omit<AllInOneConfig, "env"> & { env: Env } {
  return {
    port: readInt(processEnv, "PORT", 8080, { min: 0, max: 65535 }),
    host: readString(processEnv, "M3_HOST", "0.0.0.0"),
    dataDir: resolve(readString(processEnv, "M3_DATA_DIR", "./data")),
    logLevel: readString(processEnv, "M3_LOG_LEVEL", "info"),
    env: { ...processEnv },
  };
}
