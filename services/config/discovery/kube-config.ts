import { existsSync, readFileSync } from "node:fs";
import type { Env } from "../../kit/config/env-reader.js";

const SERVICE_ACCOUNT_DIR = "/var/run/secrets/kubernetes.io/serviceaccount";

/** Where discovery reads Services from, or undefined outside a cluster (the static list applies). */
export interface KubeTarget {
  namespace: string;
  /** Use the pod's service account. */
  inCluster: boolean;
  /** Outside a cluster: the kubeconfig file; undefined = ~/.kube/config. */
  kubeconfigPath?: string;
}

/**
 * In a cluster (KUBERNETES_SERVICE_HOST set and a service-account token mounted) discovery
 * watches the pod's own namespace; M3_CONFIG_KUBE_NAMESPACE overrides it, and outside a
 * cluster selects a namespace reached through a kubeconfig (M3_CONFIG_KUBECONFIG or KUBECONFIG).
 */
export function detectKubeTarget(env: Env, serviceAccountDir = SERVICE_ACCOUNT_DIR): KubeTarget | undefined {
  const namespace = env.M3_CONFIG_KUBE_NAMESPACE || undefined;
  const inCluster = Boolean(env.KUBERNETES_SERVICE_HOST) && existsSync(`${serviceAccountDir}/token`);
  if (inCluster) {
    const own = () => readFileSync(`${serviceAccountDir}/namespace`, "utf8").trim();
    return { namespace: namespace ?? own(), inCluster: true };
  }
  if (namespace === undefined) return undefined;
  const kubeconfigPath = env.M3_CONFIG_KUBECONFIG || env.KUBECONFIG || undefined;
  return kubeconfigPath === undefined
    ? { namespace, inCluster: false }
    : { namespace, inCluster: false, kubeconfigPath };
}
