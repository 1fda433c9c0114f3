import { readInt } from "../kit/config/env-reader.js";
import { DOMAIN_GRPC_PORTS } from "../kit/domain/default-ports.js";
import type { Env } from "../kit/domain/domain-module.js";

export const REGISTRY_DEFAULT_GRPC_PORT = DOMAIN_GRPC_PORTS.registry;
export const DEFAULT_TIME_WINDOW_MINUTES = 120;

/** The registry's own settings; the common ones (port, secrets, database URL) come from readDomainConfig. */
export interface RegistrySettings {
  /** The legacy `vampiresquid.time.window`: videos starting within W/2 of t are searched. */
  timeWindowMinutes: number;
}

export function readRegistrySettings(env: Env): RegistrySettings {
  return {
    timeWindowMinutes: readInt(env, "M3_REGISTRY_TIME_WINDOW_MINUTES", DEFAULT_TIME_WINDOW_MINUTES, {
      min: 1,
      max: 525_600,
    }),
  };
}

/** The only reader of process.env for the registry: checked here so a bad value fails at start. */
export function readRegistryProcessConfig(processEnv: Env = process.env): Env {
  const env = { ...processEnv };
  readRegistrySettings(env);
  return env;
}
