/**
 * The reads of a reconcile from the controller's informers' caches: no request to the API
 * server. A cache may lag a write by the time its watch takes; the reconcile is idempotent and
 * the write's own watch event queues the next one, which sees it. Writes are guarded by the
 * resourceVersion read here (a stale read is a 409 and a retry).
 */
import type {
  KubernetesObject,
  ObjectCache,
  V1CronJob,
  V1Deployment,
  V1Job,
  V1Secret,
} from "@kubernetes/client-node";
import { DOMAIN_NAMES } from "../api/domain-names.js";
import type { M3Platform } from "../api/m3platform-schema.js";
import { referencedSecretNames } from "../builders/domain-deployment.js";
import { domainEnabled } from "../builders/domain-scaling.js";
import { objectName } from "../builders/platform-labels.js";
import { isBackupJobOf, newestJob, type PlatformReader, type ReferencedSecrets } from "./platform-reads.js";
import type { ObservedDomain } from "./platform-status.js";

export interface InformerCaches {
  platforms: ObjectCache<KubernetesObject>;
  deployments: ObjectCache<KubernetesObject>;
  jobs: ObjectCache<KubernetesObject>;
  cronJobs: ObjectCache<KubernetesObject>;
  secrets: ObjectCache<KubernetesObject>;
  /** Every owned kind's, by kind (`Deployment`): the clean-up lists from them. */
  ownedByKind: ReadonlyMap<string, ObjectCache<KubernetesObject>>;
}

export class CachedPlatformReads implements PlatformReader {
  constructor(private readonly caches: InformerCaches) {}

  async platform(namespace: string, name: string): Promise<M3Platform | undefined> {
    return this.caches.platforms.get(name, namespace) as M3Platform | undefined;
  }

  async domains(platform: M3Platform): Promise<ObservedDomain[]> {
    const namespace = platform.metadata.namespace;
    return DOMAIN_NAMES.filter((domain) => domainEnabled(platform, domain)).map((domain) => ({
      domain,
      deployment: this.caches.deployments.get(objectName(platform, domain), namespace) as
        | V1Deployment
        | undefined,
    }));
  }

  async job(platform: M3Platform, name: string): Promise<V1Job | undefined> {
    return this.caches.jobs.get(name, platform.metadata.namespace) as V1Job | undefined;
  }

  async backupCronJob(platform: M3Platform): Promise<V1CronJob | undefined> {
    if (!platform.spec.backup?.schedule) return undefined;
    const name = objectName(platform, "backup");
    return this.caches.cronJobs.get(name, platform.metadata.namespace) as V1CronJob | undefined;
  }

  async newestBackupJob(platform: M3Platform): Promise<V1Job | undefined> {
    if (!platform.spec.backup?.schedule) return undefined;
    const jobs = this.caches.jobs.list(platform.metadata.namespace) as V1Job[];
    return newestJob(jobs.filter((job) => isBackupJobOf(platform, job)));
  }

  async referencedSecrets(platform: M3Platform): Promise<ReferencedSecrets> {
    const result: ReferencedSecrets = { data: {}, secrets: new Map(), missing: [] };
    for (const name of referencedSecretNames(platform)) {
      const secret = this.caches.secrets.get(name, platform.metadata.namespace) as V1Secret | undefined;
      result.data[name] = secret === undefined ? null : (secret.data ?? {});
      if (secret === undefined) result.missing.push(name);
      else result.secrets.set(name, secret);
    }
    return result;
  }
}
