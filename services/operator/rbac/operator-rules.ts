/**
 * The operator's permissions, as the rules of a namespaced Role: what the controller reads and
 * writes, and nothing else. The chart's Role and the kustomize one are generated from this list
 * (tools/dev/codegen/k8s/generate-operator-manifests.ts), so a kind added to OWNED_KINDS gets its
 * permission in the same change.
 */
import { M3_GROUP, M3_PLURAL } from "../api/m3platform-crd.js";
import { OWNED_KINDS } from "../builders/platform-objects.js";
import { DEFAULT_LEASE_NAME } from "../operator-config.js";

export interface PolicyRule {
  apiGroups: string[];
  resources: string[];
  verbs: string[];
  resourceNames?: string[];
}

const OWN = ["get", "list", "watch", "create", "patch", "delete"];

export function operatorRules(): PolicyRule[] {
  const byGroup = new Map<string, string[]>();
  for (const { apiVersion, plural } of OWNED_KINDS) {
    const group = apiVersion.includes("/") ? (apiVersion.split("/")[0] as string) : "";
    byGroup.set(group, [...(byGroup.get(group) ?? []), plural]);
  }
  return [
    { apiGroups: [M3_GROUP], resources: [M3_PLURAL], verbs: ["get", "list", "watch"] },
    { apiGroups: [M3_GROUP], resources: [`${M3_PLURAL}/status`], verbs: ["get", "update", "patch"] },
    ...[...byGroup].map(([group, resources]) => ({ apiGroups: [group], resources, verbs: OWN })),
    // Read to hash them into the pod templates; updated only by a rotation (the platform's own Secret).
    { apiGroups: [""], resources: ["secrets"], verbs: ["get", "list", "watch", "update"] },
    { apiGroups: [""], resources: ["events"], verbs: ["create"] },
    // Counted while a restore waits for the writers' last pods, terminating ones included.
    { apiGroups: [""], resources: ["pods"], verbs: ["list"] },
    // A create cannot be limited to a name; reading and renewing are limited to the operator's Lease.
    { apiGroups: ["coordination.k8s.io"], resources: ["leases"], verbs: ["create"] },
    {
      apiGroups: ["coordination.k8s.io"],
      resources: ["leases"],
      verbs: ["get", "update"],
      resourceNames: [DEFAULT_LEASE_NAME],
    },
  ];
}
