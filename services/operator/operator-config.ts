/** The operator's settings, read from the environment once (docs/configuration.md lists them). */
import { readFileSync } from "node:fs";
import { hostname } from "node:os";
import { type Env, readInt, readString } from "../kit/config/env-reader.js";

export interface OperatorConfig {
  /** The namespace whose M3Platforms it reconciles (and where its Lease is). */
  namespace: string;
  identity: string;
  leaseName: string;
  leaseDurationSeconds: number;
  /** /healthz and /metrics. */
  port: number;
  workers: number;
  logLevel: string;
}

/** The Lease the instances compete for; the Role lets them read and renew this one only. */
export const DEFAULT_LEASE_NAME = "m3-operator";

const SERVICE_ACCOUNT_NAMESPACE = "/var/run/secrets/kubernetes.io/serviceaccount/namespace";

export function readOperatorConfig(env: Env = process.env): OperatorConfig {
  return {
    namespace: readString(env, "M3_OPERATOR_NAMESPACE", podNamespace()),
    identity: readString(env, "M3_OPERATOR_IDENTITY", hostname()),
    leaseName: readString(env, "M3_OPERATOR_LEASE_NAME", DEFAULT_LEASE_NAME),
    leaseDurationSeconds: readInt(env, "M3_OPERATOR_LEASE_SECONDS", 15, { min: 2, max: 300 }),
    port: readInt(env, "M3_OPERATOR_PORT", 8081, { min: 0, max: 65_535 }),
    workers: readInt(env, "M3_OPERATOR_WORKERS", 2, { min: 1, max: 32 }),
    logLevel: readString(env, "M3_LOG_LEVEL", "info"),
  };
}

/** In a pod, the namespace of its service account; elsewhere `default`. */
function podNamespace(): string {
  try {
    return readFileSync(SERVICE_ACCOUNT_NAMESPACE, "utf8").trim();
  } catch {
    return "default";
  }
}
