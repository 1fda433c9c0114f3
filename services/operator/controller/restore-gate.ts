/**
 * The restore of spec.restore: kb, annotation and registry (the domains whose tables a restore
 * replaces) are scaled to zero and the backup CronJob suspended; once no pod of theirs is left,
 * terminating ones included (writer-pods.ts), the restore Job is created; when it ends, success or
 * failure, they come back. A restore
 * commits the whole archive or nothing, so after a failure the databases are as they were.
 */
import type { V1Job } from "@kubernetes/client-node";
import { DATABASE_DOMAINS } from "../api/domain-names.js";
import type { M3Platform } from "../api/m3platform-schema.js";
import { objectName } from "../builders/platform-labels.js";
import type { DesiredObject } from "../builders/platform-objects.js";
import { restoreJobName } from "../builders/restore-job.js";
import type { MigrationState } from "./migration-gate.js";
import type { ObservedDomain } from "./platform-status.js";

export type RestoreState =
  | { phase: "none" }
  /** The writers are being scaled to zero; the Job waits for their last pod to go (and a running migration). */
  | { phase: "stopping"; id: string; from: string }
  | { phase: "running"; id: string; from: string; job: string; exists: boolean }
  | { phase: "succeeded"; id: string; from: string }
  | { phase: "failed"; id: string; from: string; message: string };

/**
 * migration: the state of spec.version's migration Job; a restore migrates too, so it waits for it.
 * writerPods: the writers' pods still in the cluster, terminating ones included (undefined: not
 * counted, as while their Deployments are not yet down).
 */
export function restoreState(
  platform: M3Platform,
  job: V1Job | undefined,
  observed: readonly ObservedDomain[],
  migration: MigrationState,
  writerPods: number | undefined,
): RestoreState {
  const { restore } = platform.spec;
  if (restore === undefined) return { phase: "none" };
  const { id, from } = restore;
  const conditions = job?.status?.conditions ?? [];
  const failed = conditions.find((item) => item.type === "Failed" && item.status === "True");
  if (failed)
    return { phase: "failed", id, from, message: failed.message ?? failed.reason ?? "the Job failed" };
  if (conditions.some((item) => item.type === "Complete" && item.status === "True"))
    return { phase: "succeeded", id, from };
  const name = restoreJobName(platform, id);
  if (job !== undefined) return { phase: "running", id, from, job: name, exists: true };
  const stopped = writersScaledDown(observed) && writerPods === 0;
  return stopped && migration.phase !== "running"
    ? { phase: "running", id, from, job: name, exists: false }
    : { phase: "stopping", id, from };
}

/** Every writer's Deployment is at zero replicas, seen by its controller, and counts no pod. */
export function writersScaledDown(observed: readonly ObservedDomain[]): boolean {
  return observed
    .filter(({ domain }) => DATABASE_DOMAINS.includes(domain))
    .every(
      ({ deployment }) =>
        deployment === undefined ||
        (deployment.spec?.replicas === 0 &&
          (deployment.status?.observedGeneration ?? 0) >= (deployment.metadata?.generation ?? 1) &&
          (deployment.status?.replicas ?? 0) === 0),
    );
}

export function holdsWriters(state: RestoreState): boolean {
  return state.phase === "stopping" || state.phase === "running";
}

/**
 * The desired objects with the restore applied: the writers' replicas at zero while it holds
 * them (and given back after: an autoscaled Deployment restarts at its autoscaler's floor, as an
 * autoscaler does not scale up from zero), the backup CronJob suspended meanwhile, and the Job
 * added when it is to be created. An existing Job is left as it is (a Job's template cannot change).
 */
export function withRestore(
  platform: M3Platform,
  objects: DesiredObject[],
  state: RestoreState,
  observed: readonly ObservedDomain[],
  job: DesiredObject | undefined,
): DesiredObject[] {
  const hold = holdsWriters(state);
  const writers = new Map(
    DATABASE_DOMAINS.map((domain) => [
      objectName(platform, domain),
      observed.find((item) => item.domain === domain)?.deployment,
    ]),
  );
  const result = objects.map((object) => {
    if (object.kind === "Deployment" && writers.has(object.metadata.name)) {
      const spec = object.spec as { replicas?: number };
      if (hold) return { ...object, spec: { ...spec, replicas: 0 } };
      const stopped = writers.get(object.metadata.name)?.spec?.replicas === 0;
      if (spec.replicas === undefined && stopped) {
        const domain = DATABASE_DOMAINS.find((name) => objectName(platform, name) === object.metadata.name);
        const floor = domain ? platform.spec.domains?.[domain]?.autoscaling?.minReplicas : undefined;
        return { ...object, spec: { ...spec, replicas: floor ?? 1 } };
      }
    }
    if (object.kind === "CronJob") return { ...object, spec: { ...(object.spec as object), suspend: hold } };
    return object;
  });
  if (state.phase === "running" && !state.exists && job !== undefined) result.push(job);
  return result;
}

/** The restore Job's name while spec.restore names one: kept by the clean-up even when not re-applied. */
export function restoreJobToKeep(platform: M3Platform): string | undefined {
  return platform.spec.restore ? restoreJobName(platform, platform.spec.restore.id) : undefined;
}

/** The Restored condition: True once the requested restore succeeded. */
export function restoreCondition(state: RestoreState): {
  restored: boolean;
  reason: string;
  message: string;
} {
  const stopped = DATABASE_DOMAINS.join(", ");
  switch (state.phase) {
    case "none":
      return {
        restored: false,
        reason: "NotRequested",
        message: "no restore requested (spec.restore starts one)",
      };
    case "stopping":
      return {
        restored: false,
        reason: "Restoring",
        message: `stopping ${stopped} before restoring ${state.from}`,
      };
    case "running":
      return {
        restored: false,
        reason: "Restoring",
        message: `restoring ${state.from} (Job ${state.job}); ${stopped} are stopped`,
      };
    case "succeeded":
      return {
        restored: true,
        reason: "RestoreSucceeded",
        message: `restore ${state.id} loaded ${state.from}`,
      };
    case "failed":
      return {
        restored: false,
        reason: "RestoreFailed",
        message: `restore ${state.id} of ${state.from} failed, the databases are as they were: ${state.message}`,
      };
  }
}
