/**
 * The informers (list, then watch) of one namespace that the controller reacts to and the
 * reconcile reads from: the M3Platforms, the objects they own (by the managed-by label, which
 * the backup CronJob's Jobs carry too) and the Secrets.
 */
import {
  CoreV1Api,
  CustomObjectsApi,
  type Informer,
  type KubeConfig,
  type KubernetesListObject,
  type KubernetesObject,
  KubernetesObjectApi,
  makeInformer,
  type ObjectCache,
} from "@kubernetes/client-node";
import { M3_GROUP, M3_PLURAL, M3_VERSION } from "../api/m3platform-crd.js";
import { MANAGED_BY_SELECTOR } from "../builders/platform-labels.js";
import { OWNED_KINDS } from "../builders/platform-objects.js";
import type { InformerCaches } from "./cached-platform-reads.js";

export type CachingInformer = Informer<KubernetesObject> & ObjectCache<KubernetesObject>;

export interface PlatformInformers {
  platforms: CachingInformer;
  /** By the owned kind's plural (`deployments`). */
  owned: Map<string, CachingInformer>;
  secrets: CachingInformer;
  /** Every one of them, to start and stop. */
  all: CachingInformer[];
  /** What the reconcile reads. */
  caches: InformerCaches;
}

export function platformInformers(kubeConfig: KubeConfig, namespace: string): PlatformInformers {
  const core = kubeConfig.makeApiClient(CoreV1Api);
  const custom = kubeConfig.makeApiClient(CustomObjectsApi);
  const objects = KubernetesObjectApi.makeApiClient(kubeConfig);
  const ns = encodeURIComponent(namespace);
  const platforms = makeInformer(
    kubeConfig,
    `/apis/${M3_GROUP}/${M3_VERSION}/namespaces/${ns}/${M3_PLURAL}`,
    async () =>
      (await custom.listNamespacedCustomObject({
        group: M3_GROUP,
        version: M3_VERSION,
        namespace,
        plural: M3_PLURAL,
      })) as KubernetesListObject<KubernetesObject>,
  );
  const owned = new Map<string, CachingInformer>();
  const ownedByKind = new Map<string, CachingInformer>();
  // An optional kind (the Prometheus operator's ServiceMonitor) is not watched: a cluster may not serve it.
  for (const { apiVersion, kind, plural } of OWNED_KINDS.filter((owned) => !owned.optional)) {
    const base = apiVersion === "v1" ? "/api/v1" : `/apis/${apiVersion}`;
    const informer = makeInformer(
      kubeConfig,
      `${base}/namespaces/${ns}/${plural}`,
      () =>
        objects.list(
          apiVersion,
          kind,
          namespace,
          undefined,
          undefined,
          undefined,
          undefined,
          MANAGED_BY_SELECTOR,
        ),
      MANAGED_BY_SELECTOR,
    );
    owned.set(plural, informer);
    ownedByKind.set(kind, informer);
  }
  const secrets = makeInformer(kubeConfig, `/api/v1/namespaces/${ns}/secrets`, () =>
    core.listNamespacedSecret({ namespace }),
  ) as unknown as CachingInformer;
  const ownedCache = (plural: string) => owned.get(plural) as CachingInformer;
  return {
    platforms,
    owned,
    secrets,
    all: [platforms, ...owned.values(), secrets],
    caches: {
      platforms,
      deployments: ownedCache("deployments"),
      jobs: ownedCache("jobs"),
      cronJobs: ownedCache("cronjobs"),
      secrets,
      ownedByKind,
    },
  };
}
