/**
 * What a reconcile reads from the API server: the platform, its Deployments, its Jobs and
 * backup CronJob, and the Secrets its pods read. An object that does not exist reads as
 * undefined; any other failure throws.
 */
import {
  ApiException,
  type AppsV1Api,
  type BatchV1Api,
  type CoreV1Api,
  type CustomObjectsApi,
  type V1CronJob,
  type V1Deployment,
  type V1Job,
  type V1Secret,
} from "@kubernetes/client-node";
import { DOMAIN_NAMES } from "../api/domain-names.js";
import { M3_GROUP, M3_PLURAL, M3_VERSION } from "../api/m3platform-crd.js";
import type { M3Platform } from "../api/m3platform-schema.js";
import { referencedSecretNames } from "../builders/domain-deployment.js";
import { domainEnabled } from "../builders/domain-scaling.js";
import { COMPONENT_LABEL, INSTANCE_LABEL, objectName } from "../builders/platform-labels.js";
import type { ObservedDomain } from "./platform-status.js";

export interface ReadClients {
  core: CoreV1Api;
  apps: AppsV1Api;
  batch: BatchV1Api;
  custom: CustomObjectsApi;
}

export interface ReferencedSecrets {
  /** Each Secret's data by name (null when missing): what the pods' secrets hash covers. */
  data: Record<string, unknown>;
  secrets: Map<string, V1Secret>;
  missing: string[];
}

/** The reads of a reconcile, from the API server (PlatformReads) or the informers' caches. */
export interface PlatformReader {
  platform(namespace: string, name: string): Promise<M3Platform | undefined>;
  domains(platform: M3Platform): Promise<ObservedDomain[]>;
  job(platform: M3Platform, name: string): Promise<V1Job | undefined>;
  backupCronJob(platform: M3Platform): Promise<V1CronJob | undefined>;
  newestBackupJob(platform: M3Platform): Promise<V1Job | undefined>;
  referencedSecrets(platform: M3Platform): Promise<ReferencedSecrets>;
}

/** A backup Job of the platform's CronJob, by the labels its job template gives it. */
export function isBackupJobOf(platform: M3Platform, job: V1Job): boolean {
  const labels = job.metadata?.labels ?? {};
  return labels[INSTANCE_LABEL] === platform.metadata.name && labels[COMPONENT_LABEL] === "backup";
}

/** The newest of a CronJob's Jobs. Creation times have one-second steps; the Job names grow with their schedule time. */
export function newestJob(jobs: readonly V1Job[]): V1Job | undefined {
  const started = (job: V1Job) => new Date(job.metadata?.creationTimestamp ?? 0).getTime();
  const name = (job: V1Job) => job.metadata?.name ?? "";
  return [...jobs].sort(
    (a, b) => started(b) - started(a) || (name(b) > name(a) ? 1 : name(b) < name(a) ? -1 : 0),
  )[0];
}

export class PlatformReads implements PlatformReader {
  constructor(private readonly clients: ReadClients) {}

  platform(namespace: string, name: string): Promise<M3Platform | undefined> {
    return orMissing(
      async () =>
        (await this.clients.custom.getNamespacedCustomObject({
          group: M3_GROUP,
          version: M3_VERSION,
          plural: M3_PLURAL,
          namespace,
          name,
        })) as M3Platform,
    );
  }

  domains(platform: M3Platform): Promise<ObservedDomain[]> {
    const namespace = platform.metadata.namespace;
    return Promise.all(
      DOMAIN_NAMES.filter((domain) => domainEnabled(platform, domain)).map(async (domain) => ({
        domain,
        deployment: await orMissing<V1Deployment>(() =>
          this.clients.apps.readNamespacedDeployment({ name: objectName(platform, domain), namespace }),
        ),
      })),
    );
  }

  job(platform: M3Platform, name: string): Promise<V1Job | undefined> {
    return orMissing(() =>
      this.clients.batch.readNamespacedJob({ name, namespace: platform.metadata.namespace }),
    );
  }

  backupCronJob(platform: M3Platform): Promise<V1CronJob | undefined> {
    if (!platform.spec.backup?.schedule) return Promise.resolve(undefined);
    const name = objectName(platform, "backup");
    return orMissing(() =>
      this.clients.batch.readNamespacedCronJob({ name, namespace: platform.metadata.namespace }),
    );
  }

  /** The newest Job the backup CronJob started, if any is left in its history. */
  async newestBackupJob(platform: M3Platform): Promise<V1Job | undefined> {
    if (!platform.spec.backup?.schedule) return undefined;
    const list = await this.clients.batch.listNamespacedJob({
      namespace: platform.metadata.namespace,
      labelSelector: `${INSTANCE_LABEL}=${platform.metadata.name},${COMPONENT_LABEL}=backup`,
    });
    return newestJob(list.items);
  }

  async referencedSecrets(platform: M3Platform): Promise<ReferencedSecrets> {
    const result: ReferencedSecrets = { data: {}, secrets: new Map(), missing: [] };
    for (const name of referencedSecretNames(platform)) {
      const secret = await orMissing(() =>
        this.clients.core.readNamespacedSecret({ name, namespace: platform.metadata.namespace }),
      );
      result.data[name] = secret === undefined ? null : (secret.data ?? {});
      if (secret === undefined) result.missing.push(name);
      else result.secrets.set(name, secret);
    }
    return result;
  }
}

async function orMissing<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiException && error.code === 404) return undefined;
    throw error;
  }
}
