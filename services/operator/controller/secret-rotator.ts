/**
 * Walks the platform's rotation (secret-rotation.ts) one step per reconcile: writes the next
 * phase into the platform's own Secret once every Deployment has rolled out the current one,
 * and records an Event. The write replaces the Secret as read (its resourceVersion), so a
 * Secret changed meanwhile is a 409 and the reconcile is retried from what the Secret holds.
 */
import type { CoreV1Api, V1Deployment, V1Secret } from "@kubernetes/client-node";
import type { M3Platform } from "../api/m3platform-schema.js";
import type { EventRecorder } from "./event-recorder.js";
import type { ObservedDomain } from "./platform-status.js";
import {
  nextRotationStep,
  ROTATION_ANNOTATIONS,
  type RotationState,
  rotationAnnotations,
} from "./secret-rotation.js";

export interface RotationProgress {
  state: RotationState | undefined;
  /** When a reconcile is next needed with nothing else changing (the Retire's delay). */
  requeueAfterMillis?: number;
}

export class SecretRotator {
  constructor(
    private readonly core: CoreV1Api,
    private readonly events: EventRecorder,
  ) {}

  /** version: what the Deployments run (undefined before a first install is migrated: no pods). */
  async advance(
    platform: M3Platform,
    secret: V1Secret,
    observed: readonly ObservedDomain[],
    version: string | undefined,
    now: Date,
  ): Promise<RotationProgress> {
    const rolledOut = observed.every(({ deployment }) =>
      deployment === undefined ? version === undefined : fullyRolledOut(deployment),
    );
    const step = nextRotationStep(platform, secret, rolledOut, now);
    if (step.action === "wait") return { state: step.state, requeueAfterMillis: step.requeueAfterMillis };
    const kept = Object.entries(secret.metadata?.annotations ?? {}).filter(
      ([key]) => !(Object.values(ROTATION_ANNOTATIONS) as string[]).includes(key),
    );
    await this.core.replaceNamespacedSecret({
      name: secret.metadata?.name ?? "",
      namespace: platform.metadata.namespace,
      body: {
        ...secret,
        metadata: {
          ...secret.metadata,
          annotations: { ...Object.fromEntries(kept), ...rotationAnnotations(step.state) },
        },
        data: step.data,
      },
    });
    await this.events.record(platform, "Normal", `Rotation${step.state.phase}`, step.event);
    return { state: step.state };
  }
}

/** The Deployment controller has seen the spec, and every pod is of its template and ready. */
function fullyRolledOut(deployment: V1Deployment): boolean {
  const { metadata, spec, status } = deployment;
  const replicas = spec?.replicas ?? 1;
  return (
    (status?.observedGeneration ?? 0) >= (metadata?.generation ?? 1) &&
    (status?.updatedReplicas ?? 0) >= replicas &&
    (status?.readyReplicas ?? 0) >= replicas &&
    (status?.replicas ?? 0) <= replicas
  );
}
