/**
 * The pods of the domains a restore replaces the tables of (kb, annotation, registry), counted
 * through the API server, terminating ones included: a Deployment scaled to zero stops counting
 * a pod once its deletion starts, but the pod may still be finishing a request that writes. A
 * restore begins only once none is left. Listed only while a restore waits for them, so the
 * operator keeps no pod cache.
 */
import type { CoreV1Api, V1Pod } from "@kubernetes/client-node";
import { DATABASE_DOMAINS } from "../api/domain-names.js";
import type { M3Platform } from "../api/m3platform-schema.js";
import { COMPONENT_LABEL, INSTANCE_LABEL } from "../builders/platform-labels.js";

/** How soon a reconcile looks again while pods are still going: no watch tells it when they are gone. */
export const WRITER_PODS_RECHECK_MILLIS = 2_000;

/** The platform's pods; the writers among them are told by their component label. */
export function platformPodSelector(platform: M3Platform): string {
  return `${INSTANCE_LABEL}=${platform.metadata.name}`;
}

export function isWriterPod(pod: V1Pod): boolean {
  const component = pod.metadata?.labels?.[COMPONENT_LABEL] ?? "";
  return (DATABASE_DOMAINS as readonly string[]).includes(component);
}

export async function countWriterPods(core: CoreV1Api, platform: M3Platform): Promise<number> {
  const pods = await core.listNamespacedPod({
    namespace: platform.metadata.namespace ?? "",
    labelSelector: platformPodSelector(platform),
  });
  return pods.items.filter(isWriterPod).length;
}
