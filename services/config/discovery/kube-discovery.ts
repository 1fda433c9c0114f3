import { CoreV1Api, KubeConfig, makeInformer, type V1Service } from "@kubernetes/client-node";
import type { Logger } from "pino";
import type { EndpointDiscovery, EndpointEntry } from "./endpoint-entry.js";
import type { KubeTarget } from "./kube-config.js";
import { entriesFromService, PART_OF_SELECTOR, type ServiceObject } from "./service-annotations.js";

export interface KubeDiscoveryOptions {
  kubeConfig: KubeConfig;
  namespace: string;
  logger: Logger;
  /** Wait before listing again after the API server failed; default 5 s. */
  retryMillis?: number;
}

const DEFAULT_RETRY_MILLIS = 5_000;

/**
 * Discovery in a cluster: an informer lists the namespace's m3 Services and then watches them,
 * so Services added, changed or removed show up without a restart. Entries are kept per
 * Service name (a Service may describe several); a Service whose annotations are invalid is logged and left out.
 */
export async function startKubeDiscovery(options: KubeDiscoveryOptions): Promise<EndpointDiscovery> {
  const { kubeConfig, namespace, logger } = options;
  const core = kubeConfig.makeApiClient(CoreV1Api);
  const informer = makeInformer<V1Service>(
    kubeConfig,
    `/api/v1/namespaces/${encodeURIComponent(namespace)}/services`,
    () => core.listNamespacedService({ namespace, labelSelector: PART_OF_SELECTOR }),
    PART_OF_SELECTOR,
  );
  const byService = new Map<string, EndpointEntry[]>();
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const remember = (service: ServiceObject) => {
    const name = service.metadata?.name ?? "";
    try {
      const entries = entriesFromService(service);
      if (entries.length > 0) byService.set(name, entries);
      else byService.delete(name);
    } catch (error) {
      byService.delete(name);
      logger.warn({ err: error, service: name }, "a Service has invalid m3.io annotations; left out");
    }
  };
  informer.on("add", remember);
  informer.on("update", remember);
  informer.on("delete", (service) => byService.delete(service.metadata?.name ?? ""));
  informer.on("error", (error: unknown) => {
    if (stopped) return;
    logger.warn({ err: error, namespace }, "listing or watching Services failed; retrying");
    retry = setTimeout(() => {
      if (!stopped) void informer.start();
    }, options.retryMillis ?? DEFAULT_RETRY_MILLIS);
    retry.unref();
  });
  await informer.start();

  return {
    entries: () =>
      [...byService.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .flatMap(([, entries]) => entries),
    close: async () => {
      stopped = true;
      clearTimeout(retry);
      await informer.stop();
    },
  };
}

/** The client configuration for a target: the service account, a kubeconfig file or ~/.kube/config. */
export function loadKubeConfig(target: KubeTarget): KubeConfig {
  const kubeConfig = new KubeConfig();
  if (target.inCluster) kubeConfig.loadFromCluster();
  else if (target.kubeconfigPath !== undefined) kubeConfig.loadFromFile(target.kubeconfigPath);
  else kubeConfig.loadFromDefault();
  return kubeConfig;
}
