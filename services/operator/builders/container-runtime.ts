/**
 * How every platform container runs: non-root on a read-only root filesystem under the runtime's
 * default seccomp profile (what the `restricted` Pod Security Standard asks), with two writable
 * places, /tmp (the image's TypeScript loader caches there) and the data folder (M3_DATA_DIR,
 * with a size limit where the domain's spec gives one: capture's caches live there), with the
 * node options of its process, the spec's pull policy and its variables for every process.
 * Functions: each object gets its own copy.
 */
import type { M3Platform } from "../api/m3platform-schema.js";

export const podVolumes = (dataSizeLimit?: string) => [
  { name: "tmp", emptyDir: {} },
  { name: "data", emptyDir: dataSizeLimit ? { sizeLimit: dataSizeLimit } : {} },
];

export const volumeMounts = () => [
  { name: "tmp", mountPath: "/tmp" },
  { name: "data", mountPath: "/var/lib/m3" },
];

export const podSecurity = () => ({
  runAsNonRoot: true,
  runAsUser: 1000,
  runAsGroup: 1000,
  fsGroup: 1000,
  seccompProfile: { type: "RuntimeDefault" },
});

export const containerSecurity = () => ({
  allowPrivilegeEscalation: false,
  readOnlyRootFilesystem: true,
  capabilities: { drop: ["ALL"] },
});

/**
 * Processes whose container runs other node options than the image's ENTRYPOINT: their command
 * is `node <options> tools/m3/image/image-entrypoint.js`. A copy of PROCESS_NODE_OPTIONS in
 * tools/m3/image/image-commands.ts (which says why config's differ), held equal by a unit test.
 */
export const PROCESS_NODE_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  config: ["--heap-growing-percent=50", "--max-semi-space-size=1", "--no-opt"],
};

export function processCommand(command: string): string[] | undefined {
  const options = PROCESS_NODE_OPTIONS[command];
  return options && ["node", ...options, "tools/m3/image/image-entrypoint.js"];
}

/** spec.imagePullPolicy, as a container's field (none when unset). */
export function pullPolicy(platform: M3Platform): { imagePullPolicy?: string } {
  const policy = platform.spec.imagePullPolicy;
  return policy ? { imagePullPolicy: policy } : {};
}

/** spec.imagePullSecrets, as a pod's field (none when unset). */
export function pullSecrets(platform: M3Platform): { imagePullSecrets?: { name: string }[] } {
  const secrets = platform.spec.imagePullSecrets;
  return secrets?.length ? { imagePullSecrets: secrets } : {};
}

interface EnvVar {
  name: string;
  [field: string]: unknown;
}

/**
 * A container's env: the platform's own variables, then spec.env (every process's), then the
 * container's own extras. A later list's variable replaces an earlier one of the same name, so
 * the container's own wins and no name is given twice.
 */
export function processEnv(platform: M3Platform, own: readonly EnvVar[], extra: readonly unknown[] = []) {
  const byName = new Map<string, EnvVar>();
  for (const item of [...own, ...((platform.spec.env ?? []) as EnvVar[]), ...(extra as EnvVar[])]) {
    byName.delete(item.name);
    byName.set(item.name, item);
  }
  return [...byName.values()];
}
