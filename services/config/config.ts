import { readFirst, readInt, readString } from "../kit/config/env-reader.js";
import { DOMAIN_GRPC_PORTS } from "../kit/domain/default-ports.js";
import type { Env } from "../kit/domain/domain-module.js";
import { type EndpointEntry, normalizeUrl } from "./discovery/endpoint-entry.js";
import { detectKubeTarget, type KubeTarget } from "./discovery/kube-config.js";
import { parseStaticEndpoints } from "./discovery/static-discovery.js";

export const CONFIG_DEFAULT_GRPC_PORT = DOMAIN_GRPC_PORTS.config;
/** The legacy RAZIEL_JWT_EXPIRATION default: 180 days. */
const DEFAULT_TOKEN_TTL_SECONDS = 180 * 86_400;
const DEFAULT_HEALTH_CACHE_MILLIS = 5_000;
const DEFAULT_PUBLIC_URL = "http://localhost:8080/config";

/** The config service's own settings; the common ones (port, keys, secrets) come from readDomainConfig. */
export interface ConfigSettings {
  /** host:port of the kb's gRPC server, which checks user credentials; unset = no user logins. */
  kbGrpcAddress: string | undefined;
  /** The config service's public URL, written as the first line of login files. */
  publicUrl: string;
  tokenTtlSeconds: number;
  /** M3_CONFIG_LOGIN_FILE_KEY; unset = derived from the signing secret. */
  loginFileKey: string | undefined;
  healthCacheMillis: number;
  /** Kubernetes discovery, or the static list when undefined. */
  kube: KubeTarget | undefined;
  staticEndpoints: EndpointEntry[];
}

export function readConfigSettings(env: Env): ConfigSettings {
  const kube = detectKubeTarget(env);
  return {
    kbGrpcAddress: readFirst(env, ["M3_KB_GRPC_ADDRESS"]),
    publicUrl: normalizeUrl(
      readString(env, "M3_CONFIG_PUBLIC_URL", DEFAULT_PUBLIC_URL),
      "M3_CONFIG_PUBLIC_URL",
    ),
    tokenTtlSeconds: readInt(env, "M3_CONFIG_TOKEN_TTL_SECONDS", DEFAULT_TOKEN_TTL_SECONDS, {
      min: 60,
      max: 10 * 365 * 86_400,
    }),
    loginFileKey: readFirst(env, ["M3_CONFIG_LOGIN_FILE_KEY"]),
    healthCacheMillis: readInt(env, "M3_CONFIG_HEALTH_CACHE_MILLIS", DEFAULT_HEALTH_CACHE_MILLIS, {
      min: 0,
      max: 600_000,
    }),
    kube,
    staticEndpoints: kube ? [] : parseStaticEndpoints(env.M3_CONFIG_ENDPOINTS),
  };
}

/** The only reader of process.env for the config service: checked here so a bad value fails at start. */
export function readConfigProcessConfig(processEnv: Env = process.env): Env {
  const env = { ...processEnv };
  readConfigSettings(env);
  return env;
}
