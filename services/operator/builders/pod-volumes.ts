/**
 * The writable places of every platform container, whose root filesystem is read-only: /tmp (the
 * image's TypeScript loader caches there) and the data folder (M3_DATA_DIR).
 */
export const podVolumes = () => [
  { name: "tmp", emptyDir: {} },
  { name: "data", emptyDir: {} },
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
