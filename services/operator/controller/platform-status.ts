/**
 * A platform's status from what its Deployments and its migration Job report: each domain's
 * ready pods, the version every domain runs once a rollout completes, and the conditions Ready,
 * Progressing, Degraded, Migrated, SecretsRotating and Restored with a reason a program can match and a message a person
 * reads. A condition keeps its lastTransitionTime while its status stays the same.
 */
import type { V1CronJob, V1Deployment, V1Job } from "@kubernetes/client-node";
import type { DomainName } from "../api/domain-names.js";
import type { M3Platform, M3PlatformStatus, PlatformCondition } from "../api/m3platform-schema.js";
import { domainImage } from "../builders/domain-deployment.js";
import type { MigrationState } from "./migration-gate.js";
import { holdsWriters, type RestoreState, restoreCondition } from "./restore-gate.js";
import type { RotationReport } from "./rotation-report.js";

export interface ObservedDomain {
  domain: DomainName;
  deployment: V1Deployment | undefined;
}

export interface ReconcileOutcome {
  migration: MigrationState;
  /** The backup CronJob, when the platform has one. */
  backup?: V1CronJob;
  /** The newest Job of the backup CronJob. */
  backupJob?: V1Job;
  restore: RestoreState;
  /** Why applying the desired objects failed, if it did. */
  applyError: string | undefined;
  rotation: RotationReport;
}

export function platformStatus(
  platform: M3Platform,
  observed: ObservedDomain[],
  outcome: ReconcileOutcome,
  now: Date,
): M3PlatformStatus {
  const { version } = platform.spec;
  const { migration, applyError } = outcome;
  const domains: Record<string, { replicas: number; readyReplicas: number }> = {};
  const notReady: string[] = [];
  const rollingOut: string[] = [];
  const failing: string[] = [];
  let ready = 0;
  let desired = 0;
  for (const { domain, deployment } of observed) {
    const replicas = deployment?.spec?.replicas ?? 1;
    const readyReplicas = deployment?.status?.readyReplicas ?? 0;
    domains[domain] = { replicas, readyReplicas };
    ready += Math.min(readyReplicas, replicas);
    desired += replicas;
    if (readyReplicas < replicas) notReady.push(`${domain} ${readyReplicas}/${replicas}`);
    if (deployment === undefined || !rolledOut(deployment, domainImage(platform, domain, version)))
      rollingOut.push(domain);
    const failure = failureOf(deployment);
    if (failure) failing.push(`${domain}: ${failure}`);
  }
  const previous = platform.status?.conditions ?? [];
  const generation = platform.metadata.generation ?? 0;
  const condition = (type: string, isTrue: boolean, reason: string, message: string): PlatformCondition => {
    const status = isTrue ? "True" : "False";
    const before = previous.find((item) => item.type === type);
    const lastTransitionTime =
      before && before.status === status
        ? before.lastTransitionTime
        : now.toISOString().replace(/\.\d+Z$/, "Z");
    return { type, status, reason, message, lastTransitionTime, observedGeneration: generation };
  };
  const complete = rollingOut.length === 0 && notReady.length === 0 && applyError === undefined;
  const backupFailure = failureOfJob(outcome.backupJob);
  const restore = restoreCondition(outcome.restore);
  const degraded =
    applyError !== undefined
      ? condition("Degraded", true, "ApplyFailed", applyError)
      : migration.phase === "failed"
        ? condition(
            "Degraded",
            true,
            "MigrationFailed",
            `the migration to ${version} failed: ${migration.message}`,
          )
        : restore.reason === "RestoreFailed"
          ? condition("Degraded", true, "RestoreFailed", restore.message)
          : failing.length > 0
            ? condition("Degraded", true, "DeploymentFailing", failing.join("; "))
            : backupFailure
              ? condition(
                  "Degraded",
                  true,
                  "BackupFailed",
                  `the backup Job ${backupFailure.job} failed: ${backupFailure.message}`,
                )
              : condition("Degraded", false, "AsExpected", "no failure observed");
  const migrated =
    migration.phase === "succeeded"
      ? condition("Migrated", true, "MigrationSucceeded", `the database schema is migrated for ${version}`)
      : migration.phase === "failed"
        ? condition("Migrated", false, "MigrationFailed", migration.message)
        : condition(
            "Migrated",
            false,
            "Migrating",
            `migrating the database schema for ${version}; the domains wait`,
          );
  return {
    observedGeneration: generation,
    conditions: [
      holdsWriters(outcome.restore)
        ? condition("Ready", false, "Restoring", restore.message)
        : notReady.length === 0
          ? condition("Ready", true, "AllDomainsReady", `every domain has its ${desired} pods ready`)
          : condition("Ready", false, "DomainsNotReady", `pods not ready: ${notReady.join(", ")}`),
      rollingOut.length === 0
        ? condition("Progressing", false, "RolloutComplete", `every domain runs ${version}`)
        : migration.phase === "failed"
          ? condition(
              "Progressing",
              false,
              "MigrationFailed",
              `held at the running version: ${migration.message}`,
            )
          : condition("Progressing", true, "RollingOut", `rolling out ${version}: ${rollingOut.join(", ")}`),
      degraded,
      migrated,
      condition(
        "SecretsRotating",
        outcome.rotation.rotating,
        outcome.rotation.reason,
        outcome.rotation.message,
      ),
      condition("Restored", restore.restored, restore.reason, restore.message),
    ],
    domains,
    replicas: `${ready}/${desired}`,
    ...(complete ? { version } : platform.status?.version ? { version: platform.status.version } : {}),
    ...lastBackupOf(outcome.backup, backupFailure),
    ...(outcome.rotation.rotation ? { rotation: outcome.rotation.rotation } : {}),
  };
}

function lastBackupOf(
  cronJob: V1CronJob | undefined,
  lastFailure: { job: string; message: string } | undefined,
): Pick<M3PlatformStatus, "lastBackup"> {
  const { lastScheduleTime, lastSuccessfulTime } = cronJob?.status ?? {};
  if (!lastScheduleTime && !lastSuccessfulTime && !lastFailure) return {};
  return {
    lastBackup: {
      ...(lastScheduleTime ? { lastScheduleTime: seconds(lastScheduleTime) } : {}),
      ...(lastSuccessfulTime ? { lastSuccessfulTime: seconds(lastSuccessfulTime) } : {}),
      ...(lastFailure ? { lastFailure } : {}),
    },
  };
}

/** A Job that failed: its name and its own message. */
function failureOfJob(job: V1Job | undefined): { job: string; message: string } | undefined {
  const failed = job?.status?.conditions?.find((item) => item.type === "Failed" && item.status === "True");
  if (failed === undefined) return undefined;
  return { job: job?.metadata?.name ?? "", message: failed.message ?? failed.reason ?? "the Job failed" };
}

/** An RFC 3339 time to the second, as the API server writes them. */
function seconds(time: Date | string): string {
  return new Date(time).toISOString().replace(/\.\d+Z$/, "Z");
}

/** The Deployment runs the image, the Deployment controller has seen its spec, every pod runs it. */
function rolledOut(deployment: V1Deployment, image: string): boolean {
  const { metadata, spec, status } = deployment;
  const replicas = spec?.replicas ?? 1;
  return (
    spec?.template.spec?.containers[0]?.image === image &&
    (status?.observedGeneration ?? 0) >= (metadata?.generation ?? 1) &&
    (status?.updatedReplicas ?? 0) >= replicas &&
    (status?.replicas ?? 0) <= replicas
  );
}

/** A rollout past its deadline, or pods the ReplicaSet could not create. */
function failureOf(deployment: V1Deployment | undefined): string | undefined {
  const conditions = deployment?.status?.conditions ?? [];
  const stuck = conditions.find(
    (item) =>
      (item.type === "Progressing" &&
        item.status === "False" &&
        item.reason === "ProgressDeadlineExceeded") ||
      (item.type === "ReplicaFailure" && item.status === "True"),
  );
  return stuck ? (stuck.message ?? stuck.reason ?? stuck.type) : undefined;
}
