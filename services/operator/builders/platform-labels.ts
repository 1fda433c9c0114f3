/**
 * Names, labels and the owner reference every object of a platform carries. The
 * `managed-by` label is what the operator's watches select; the owner reference makes the
 * API server's garbage collector delete the objects with their M3Platform.
 */
import { M3_API_VERSION, M3_KIND } from "../api/m3platform-crd.js";
import type { M3Platform } from "../api/m3platform-schema.js";

export const MANAGED_BY = "m3-operator";
export const MANAGED_BY_SELECTOR = `app.kubernetes.io/managed-by=${MANAGED_BY}`;
export const INSTANCE_LABEL = "app.kubernetes.io/instance";
export const COMPONENT_LABEL = "app.kubernetes.io/component";

export function objectName(platform: M3Platform, part: string): string {
  return `${platform.metadata.name}-${part}`;
}

export function selectorLabels(platform: M3Platform, component: string): Record<string, string> {
  return {
    "app.kubernetes.io/name": "m3",
    [INSTANCE_LABEL]: platform.metadata.name,
    [COMPONENT_LABEL]: component,
  };
}

export function objectMeta(platform: M3Platform, component: string, name = objectName(platform, component)) {
  return {
    name,
    namespace: platform.metadata.namespace,
    labels: {
      ...selectorLabels(platform, component),
      "app.kubernetes.io/part-of": "m3",
      "app.kubernetes.io/managed-by": MANAGED_BY,
    },
    ownerReferences: [
      {
        apiVersion: M3_API_VERSION,
        kind: M3_KIND,
        name: platform.metadata.name,
        uid: platform.metadata.uid,
        controller: true,
        blockOwnerDeletion: true,
      },
    ],
  };
}
