/**
 * One reconcile of one M3Platform: read it and the Secrets it references, apply its desired
 * objects (platform-objects.ts), remove the ones it no longer wants, and write its status from
 * what its Deployments report. Idempotent: a second run with nothing changed writes nothing.
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
  type V1CronJob,
  type V1Deployment,
  type V1Job,
} from "@kubernetes/client-node";
import { DOMAIN_NAMES } from "../api/domain-names.js";
import { M3_GROUP, M3_PLURAL, M3_VERSION } from "../api/m3platform-crd.js";
import type { M3Platform } from "../api/m3platform-schema.js";
import { referencedSecretNames } from "../builders/domain-deployment.js";
import { domainEnabled } from "../builders/domain-scaling.js";
import { migrationJobName } from "../builders/migration-job.js";
import { INSTANCE_LABEL, MANAGED_BY_SELECTOR, objectName } from "../builders/platform-labels.js";
import { OWNED_KINDS, platformObjects } from "../builders/platform-objects.js";
import { EventRecorder } from "./event-recorder.js";
import { migrationState, runningVersion, versionToDeploy } from "./migration-gate.js";
import { ObjectApplier } from "./object-applier.js";
import { type ObservedDomain, platformStatus, type ReconcileOutcome } from "./platform-status.js";

export interface ReconcilerClients {
  core: CoreV1Api;
  apps: AppsV1Api;
  batch: BatchV1Api;
  custom: CustomObjectsApi;
  applier: ObjectApplier;
  events: EventRecorder;
}

/** A reconciler talking to the cluster of kubeConfig; onEventFailure hears of Events not written. */
export function makeReconciler(
  kubeConfig: KubeConfig,
  onEventFailure: (error: unknown) => void,
): PlatformReconciler {
  const core = kubeConfig.makeApiClient(CoreV1Api);
  return new PlatformReconciler({
    core,
    apps: kubeConfig.makeApiClient(AppsV1Api),
    batch: kubeConfig.makeApiClient(BatchV1Api),
    custom: kubeConfig.makeApiClient(CustomObjectsApi),
    applier: new ObjectApplier(KubernetesObjectApi.makeApiClient(kubeConfig)),
    events: new EventRecorder(core, onEventFailure),
  });
}

export class PlatformReconciler {
  constructor(
    private readonly clients: ReconcilerClients,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** key is `namespace/name`. Throws when the platform could not be brought to its state. */
  async reconcile(key: string): Promise<void> {
    const [namespace = "", name = ""] = key.split("/");
    const platform = await this.readPlatform(namespace, name);
    if (platform === undefined) return; // deleted: the garbage collector removes what it owned
    const before = await this.observeDomains(platform);
    const migration = migrationState(await this.readJob(platform));
    const version = versionToDeploy(
      platform.spec.version,
      migration,
      runningVersion(before.map((item) => item.deployment)),
    );
    let applyError: string | undefined;
    let changed = true;
    try {
      const { data, missing } = await this.secretsData(platform);
      changed = await this.applyObjects(platform, data, version);
      if (missing.length > 0) applyError = `referenced Secrets not found: ${missing.join(", ")}`;
    } catch (error) {
      applyError = describe(error);
      await this.clients.events.record(platform, "Warning", "ApplyFailed", applyError);
    }
    // Nothing written: the Deployments read before are still what the status describes.
    const observed = changed ? await this.observeDomains(platform) : before;
    const backup = await this.readBackupCronJob(platform);
    await this.writeStatus(platform, observed, { migration, applyError, backup });
    if (applyError !== undefined) throw new Error(applyError);
  }

  /** Whether anything was created, changed or deleted. */
  private async applyObjects(
    platform: M3Platform,
    secretsData: Record<string, unknown>,
    version: string | undefined,
  ): Promise<boolean> {
    const desired = platformObjects(platform, secretsData, version);
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
    for (const { apiVersion, kind, optional } of OWNED_KINDS) {
      const keep = new Set(
        desired.filter((object) => object.kind === kind).map((object) => object.metadata.name),
      );
      const removed = await this.clients.applier
        .prune(apiVersion, kind, platform.metadata.namespace, selector, platform.metadata.uid, keep)
        .catch((error: unknown) => {
          // A kind this cluster does not serve holds nothing to clean up.
          if (optional && keep.size === 0 && kindNotServed(error)) return [];
          throw error;
        });
      for (const what of removed) {
        changed = true;
        await this.clients.events.record(platform, "Normal", "Deleted", `deleted ${what}, no longer desired`);
      }
    }
    return changed;
  }

  private async secretsData(platform: M3Platform) {
    const data: Record<string, unknown> = {};
    const missing: string[] = [];
    for (const name of referencedSecretNames(platform)) {
      try {
        const secret = await this.clients.core.readNamespacedSecret({
          name,
          namespace: platform.metadata.namespace,
        });
        data[name] = secret.data ?? {};
      } catch (error) {
        if (!(error instanceof ApiException && error.code === 404)) throw error;
        data[name] = null;
        missing.push(name);
      }
    }
    return { data, missing };
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
  }

  private observeDomains(platform: M3Platform): Promise<ObservedDomain[]> {
    return Promise.all(
      DOMAIN_NAMES.filter((domain) => domainEnabled(platform, domain)).map(async (domain) => ({
        domain,
        deployment: await this.readDeployment(platform, objectName(platform, domain)),
      })),
    );
  }

  private async readBackupCronJob(platform: M3Platform): Promise<V1CronJob | undefined> {
    if (!platform.spec.backup?.schedule) return undefined;
    try {
      const name = objectName(platform, "backup");
      return await this.clients.batch.readNamespacedCronJob({ name, namespace: platform.metadata.namespace });
    } catch (error) {
      if (error instanceof ApiException && error.code === 404) return undefined;
      throw error;
    }
  }

  private async readJob(platform: M3Platform): Promise<V1Job | undefined> {
    try {
      const name = migrationJobName(platform, platform.spec.version);
      return await this.clients.batch.readNamespacedJob({ name, namespace: platform.metadata.namespace });
    } catch (error) {
      if (error instanceof ApiException && error.code === 404) return undefined;
      throw error;
    }
  }

  private async readPlatform(namespace: string, name: string): Promise<M3Platform | undefined> {
    try {
      return (await this.clients.custom.getNamespacedCustomObject({
        group: M3_GROUP,
        version: M3_VERSION,
        plural: M3_PLURAL,
        namespace,
        name,
      })) as M3Platform;
    } catch (error) {
      if (error instanceof ApiException && error.code === 404) return undefined;
      throw error;
    }
  }

  private async readDeployment(platform: M3Platform, name: string): Promise<V1Deployment | undefined> {
    try {
      return await this.clients.apps.readNamespacedDeployment({
        name,
        namespace: platform.metadata.namespace,
      });
    } catch (error) {
      if (error instanceof ApiException && error.code === 404) return undefined;
      throw error;
    }
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
