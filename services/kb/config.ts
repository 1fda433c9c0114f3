import { readFirst } from "../kit/config/env-reader.js";
import type { Env } from "../kit/domain/domain-module.js";

export const KB_DEFAULT_GRPC_PORT = 50051;

export interface KbSettings {
  /** The first administrator, created at start when no user of that name exists. */
  admin: { username: string; password: string } | undefined;
}

/** The kb's own settings; the common ones (port, secrets, database URL) come from readDomainConfig. */
export function readKbSettings(env: Env): KbSettings {
  const password = readFirst(env, ["M3_ADMIN_PASSWORD"]);
  return {
    admin: password ? { username: readFirst(env, ["M3_ADMIN_USER"], "admin"), password } : undefined,
  };
}

/** The only reader of process.env for the kb process: checked here so a bad value fails at start. */
export function readKbProcessConfig(processEnv: Env = process.env): Env {
  const env = { ...processEnv };
  readKbSettings(env);
  return env;
}
