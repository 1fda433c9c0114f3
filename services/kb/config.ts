import { readFirst, readInt } from "../kit/config/env-reader.js";
import { DOMAIN_GRPC_PORTS } from "../kit/domain/default-ports.js";
import type { Env } from "../kit/domain/domain-module.js";
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from "./people/services/login-throttle.js";

export const KB_DEFAULT_GRPC_PORT = DOMAIN_GRPC_PORTS.kb;

export interface KbSettings {
  /** The first administrator, created at start when no user of that name exists. */
  admin: { username: string; password: string } | undefined;
  /** Failed logins allowed per username and per client address within a window, before 429. */
  loginLimits: LoginLimits;
}

/** The kb's own settings; the common ones (port, secrets, database URL) come from readDomainConfig. */
export function readKbSettings(env: Env): KbSettings {
  const password = readFirst(env, ["M3_ADMIN_PASSWORD"]);
  return {
    admin: password ? { username: readFirst(env, ["M3_ADMIN_USER"], "admin"), password } : undefined,
    loginLimits: {
      maxFailuresPerUser: readInt(
        env,
        "M3_KB_LOGIN_MAX_FAILURES_PER_USER",
        DEFAULT_LOGIN_LIMITS.maxFailuresPerUser,
        {
          min: 1,
        },
      ),
      maxFailuresPerAddress: readInt(
        env,
        "M3_KB_LOGIN_MAX_FAILURES_PER_ADDRESS",
        DEFAULT_LOGIN_LIMITS.maxFailuresPerAddress,
        { min: 1 },
      ),
      windowSeconds: readInt(env, "M3_KB_LOGIN_WINDOW_SECONDS", DEFAULT_LOGIN_LIMITS.windowSeconds, {
        min: 1,
        max: 86_400,
      }),
    },
  };
}

/** The only reader of process.env for the kb process: checked here so a bad value fails at start. */
export function readKbProcessConfig(processEnv: Env = process.env): Env {
  const env = { ...processEnv };
  readKbSettings(env);
  return env;
}
