/**
 * The config service's own identity: a ServiceAccount whose Role lets it list and watch the
 * Services of its namespace (its discovery reads their `m3.io/*` annotations), and nothing more.
 */
import type { M3Platform } from "../api/m3platform-schema.js";
import { objectMeta, objectName } from "./platform-labels.js";

export function configServiceAccountName(platform: M3Platform): string {
  return objectName(platform, "config");
}

export function configAccessObjects(platform: M3Platform) {
  const name = configServiceAccountName(platform);
  const meta = objectMeta(platform, "config");
  return [
    // The pod mounts its token itself (automountServiceAccountToken on the pod): no other pod does.
    { apiVersion: "v1", kind: "ServiceAccount", metadata: meta, automountServiceAccountToken: false },
    {
      apiVersion: "rbac.authorization.k8s.io/v1",
      kind: "Role",
      metadata: meta,
      rules: [{ apiGroups: [""], resources: ["services"], verbs: ["get", "list", "watch"] }],
    },
    {
      apiVersion: "rbac.authorization.k8s.io/v1",
      kind: "RoleBinding",
      metadata: meta,
      roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "Role", name },
      subjects: [{ kind: "ServiceAccount", name, namespace: platform.metadata.namespace }],
    },
  ];
}
