/**
 * One reconcile of one M3Platform: read it and the Secrets it references, apply its desired
 * objects (platform-objects.ts, with a requested restore's hold: restore-gate.ts), remove the
 * ones it no longer wants, step a secret rotation on, and write its status from what its
 * Deployments and Jobs report. Idempotent: a second run with nothing changed writes nothing.
 */

import { isDeepStrictEqual } from "node:util";
import {
  ApiException,
  AppsV1Api,
  BatchV1Api,
  CoreV1Api,
  CustomObjectsApi,
  type KubeConfig,
  KubernetesObjectApi,
  type V1Secret,
} from "@kubernetes/client-node";
import { M3_GROUP, M3_PLURAL, M3_VERSION } from "../api/m3platform-crd.js";
import type { M3Platform } from "../api/m3platform-schema.js";
import { migrationJobName } from "../builders/migration-job.js";
import { INSTANCE_LABEL, MANAGED_BY_SELECTOR } from "../builders/platform-labels.js";
import { type DesiredObject, OWNED_KINDS, platformObjects } from "../builders/platform-objects.js";
import { restoreJob, restoreJobName } from "../builders/restore-job.js";
import { CachedPlatformReads, type InformerCaches } from "./cached-platform-reads.js";
import { conditionEvents } from "./condition-events.js";
import { EventRecorder } from "./event-recorder.js";
import { migrationState, runningVersion, versionToDeploy } from "./migration-gate.js";
import { ObjectApplier } from "./object-applier.js";
import { type PlatformReader, PlatformReads, type ReadClients } from "./platform-reads.js";
import { type ObservedDomain, platformStatus, type ReconcileOutcome } from "./platform-status.js";
import { restoreJobToKeep, restoreState, withRestore, writersScaledDown } from "./restore-gate.js";
import { rotationReport } from "./rotation-report.js";
import { rotationStateOf } from "./secret-rotation.js";
import { type RotationProgress, SecretRotator } from "./secret-rotator.js";
import { specRefusals } from "./spec-refusals.js";
import { UnservedKinds } from "./unserved-kinds.js";
import { countWriterPods, WRITER_PODS_RECHECK_MILLIS } from "./writer-pods.js";

export interface ReconcilerClients extends ReadClients {
  applier: ObjectApplier;
  events: EventRecorder;
  rotator: SecretRotator;
  /** Read from these instead of the API server when given. */
  caches?: InformerCaches;
}

/** What the controller does after a reconcile that succeeded. */
export interface ReconcileResult {
  /** Reconcile again after this long even if nothing changes (a rotation's Retire delay). */
  requeueAfterMillis?: number;
}

/**
 * A reconciler talking to the cluster of kubeConfig; onEventFailure hears of Events not written.
 * With caches (the controller's informers), it reads from them instead of the API server.
 */
export function makeReconciler(
  kubeConfig: KubeConfig,
  onEventFailure: (error: unknown) => void,
  caches?: InformerCaches,
): PlatformReconciler {
  const core = kubeConfig.makeApiClient(CoreV1Api);
  const events = new EventRecorder(core, onEventFailure);
  return new PlatformReconciler({
    core,
    apps: kubeConfig.makeApiClient(AppsV1Api),
    batch: kubeConfig.makeApiClient(BatchV1Api),
    custom: kubeConfig.makeApiClient(CustomObjectsApi),
    applier: new ObjectApplier(KubernetesObjectApi.makeApiClient(kubeConfig), caches?.ownedByKind),
    events,
    rotator: new SecretRotator(core, events),
    caches,
  });
}

export class PlatformReconciler {
  private readonly reads: PlatformReader;
  private readonly unservedKinds: UnservedKinds;

  constructor(
    private readonly clients: ReconcilerClients,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.reads = clients.caches ? new CachedPlatformReads(clients.caches) : new PlatformReads(clients);
    this.unservedKinds = new UnservedKinds(now);
  }

  /** key is `namespace/name`. Throws when the platform could not be brought to its state. */
  async reconcile(key: string): Promise<ReconcileResult> {
    const [namespace = "", name = ""] = key.split("/");
    const platform = await this.reads.platform(namespace, name);
    if (platform === undefined) return {}; // deleted: the garbage collector removes what it owned
    const before = await this.reads.domains(platform);
    const migration = migrationState(
      await this.reads.job(platform, migrationJobName(platform, platform.spec.version)),
    );
    const version = versionToDeploy(
      platform.spec.version,
      migration,
      runningVersion(before.map((item) => item.deployment)),
    );
    const restoreJobNow =
      platform.spec.restore &&
      (await this.reads.job(platform, restoreJobName(platform, platform.spec.restore.id)));
    // Counted only once their Deployments are down: a pod may outlive its Deployment's count.
    const writerPods =
      platform.spec.restore && restoreJobNow === undefined && writersScaledDown(before)
        ? await countWriterPods(this.clients.core, platform)
        : undefined;
    const restore = restoreState(platform, restoreJobNow, before, migration, writerPods);
    let applyError: string | undefined;
    let changed = true;
    let own: V1Secret | undefined;
    try {
      const { data, missing, secrets } = await this.reads.referencedSecrets(platform);
      own = secrets.get(platform.spec.secrets.name);
      const job = restoreJob(platform, version ?? platform.spec.version);
      const desired = withRestore(platform, platformObjects(platform, data, version), restore, before, job);
      changed = await this.applyObjects(platform, desired);
      const problems = specRefusals(platform);
      if (missing.length > 0) problems.unshift(`referenced Secrets not found: ${missing.join(", ")}`);
      if (problems.length > 0) applyError = problems.join("; ");
    } catch (error) {
      applyError = describe(error);
      await this.clients.events.record(platform, "Warning", "ApplyFailed", applyError);
    }
    // Nothing written: the Deployments read before are still what the status describes.
    const observed = changed ? await this.reads.domains(platform) : before;
    // A rotation steps on only from a Secret whose values every Deployment already had (nothing
    // applied now), as seen in a read that is not older than that: the next reconcile, queued by
    // this one's writes, sees their rollout.
    const rotation: RotationProgress =
      own === undefined
        ? { state: undefined }
        : applyError === undefined && !changed
          ? await this.clients.rotator.advance(platform, own, observed, version, this.now())
          : { state: rotationStateOf(own) };
    await this.writeStatus(platform, observed, {
      migration,
      applyError,
      backup: await this.reads.backupCronJob(platform),
      backupJob: await this.reads.newestBackupJob(platform),
      restore,
      rotation: rotationReport(platform, rotation.state),
    });
    if (applyError !== undefined) throw new Error(applyError);
    const requeueAfterMillis = Math.min(
      rotation.requeueAfterMillis ?? Number.POSITIVE_INFINITY,
      restore.phase === "stopping" && (writerPods ?? 0) > 0
        ? WRITER_PODS_RECHECK_MILLIS
        : Number.POSITIVE_INFINITY,
    );
    return Number.isFinite(requeueAfterMillis) ? { requeueAfterMillis } : {};
  }

  /** Whether anything was created, changed or deleted. */
  private async applyObjects(platform: M3Platform, desired: DesiredObject[]): Promise<boolean> {
    let changed = false;
    for (const object of desired) {
      const outcome = await this.clients.applier.apply(object).catch((error: unknown) => {
        throw new Error(`${object.kind} ${object.metadata.name}: ${describe(error)}`);
      });
      if (outcome !== "unchanged") changed = true;
      if (outcome === "created") {
        await this.clients.events.record(
          platform,
          "Normal",
          "Created",
          `created ${object.kind} ${object.metadata.name}`,
        );
      } else if (outcome === "updated") {
        await this.clients.events.record(
          platform,
          "Normal",
          "Updated",
          `brought ${object.kind} ${object.metadata.name} to its desired state`,
        );
      }
    }
    const selector = `${MANAGED_BY_SELECTOR},${INSTANCE_LABEL}=${platform.metadata.name}`;
    const restoreJobKept = restoreJobToKeep(platform);
    for (const { apiVersion, kind, optional } of OWNED_KINDS) {
      const keep = new Set(
        desired.filter((object) => object.kind === kind).map((object) => object.metadata.name),
      );
      if (kind === "Job" && restoreJobKept !== undefined) keep.add(restoreJobKept);
      if (keep.size === 0 && this.unservedKinds.skips(kind)) continue;
      const removed = await this.clients.applier
        .prune(apiVersion, kind, platform.metadata.namespace, selector, platform.metadata.uid, keep)
        .catch((error: unknown) => {
          // A kind this cluster does not serve holds nothing to clean up.
          if (optional && keep.size === 0 && kindNotServed(error)) {
            this.unservedKinds.remember(kind);
            return [];
          }
          throw error;
        });
      for (const what of removed) {
        changed = true;
        await this.clients.events.record(platform, "Normal", "Deleted", `deleted ${what}, no longer desired`);
      }
    }
    return changed;
  }

  private async writeStatus(
    platform: M3Platform,
    observed: ObservedDomain[],
    outcome: ReconcileOutcome,
  ): Promise<void> {
    const status = platformStatus(platform, observed, outcome, this.now());
    if (isDeepStrictEqual(status, platform.status)) return;
    const { namespace, name } = platform.metadata;
    // A replace carries the resourceVersion read above: a platform changed meanwhile is a 409, retried.
    await this.clients.custom.replaceNamespacedCustomObjectStatus({
      group: M3_GROUP,
      version: M3_VERSION,
      plural: M3_PLURAL,
      namespace,
      name,
      body: { ...platform, status },
    });
    for (const event of conditionEvents(platform.status?.conditions, status.conditions ?? []))
      await this.clients.events.record(platform, event.type, event.reason, event.message);
  }
}

/** An API refusal's own message (its Status body), else the error's. */
function describe(error: unknown): string {
  if (error instanceof ApiException) {
    try {
      const body = JSON.parse(String(error.body)) as { message?: string };
      if (body.message) return `${error.code}: ${body.message}`;
    } catch {
      // not a Status body
    }
    return `${error.code}: ${String(error.body)}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The API server's answer for a group or kind it does not serve (no CRD installed). */
function kindNotServed(error: unknown): boolean {
  if (error instanceof ApiException && error.code === 404) return true;
  return error instanceof Error && error.message.startsWith("Unrecognized API version and kind");
}
