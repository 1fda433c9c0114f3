/**
 * How every platform container runs: non-root on a read-only root filesystem, with two writable
 * places, /tmp (the image's TypeScript loader caches there) and the data folder (M3_DATA_DIR,
 * with a size limit where the domain's spec gives one: capture's caches live there), and with
 * the node options of its process. Functions: each object gets its own copy.
 */
export const podVolumes = (dataSizeLimit?: string) => [
  { name: "tmp", emptyDir: {} },
  { name: "data", emptyDir: dataSizeLimit ? { sizeLimit: dataSizeLimit } : {} },
];

export const volumeMounts = () => [
  { name: "tmp", mountPath: "/tmp" },
  { name: "data", mountPath: "/var/lib/m3" },
];

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
