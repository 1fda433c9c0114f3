/**
 * What a rotation test reads and plays: the platform's own Secret (decoded), the Deployment
 * controller rolling every Deployment out once the operator gave it the Secret's new hash, and a
 * pod's environment as the kubelet would build it from the Deployment's env and the Secret.
 */
import { SECRETS_HASH_ANNOTATION } from "../../../services/operator/builders/domain-deployment.js";
import { ROTATION_ANNOTATIONS } from "../../../services/operator/controller/secret-rotation.js";
import { eventuallyFromApi } from "../config/eventually.js";
import type { Cluster } from "./operator-harness.js";

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } };
}

interface DeploymentShape {
  template: {
    metadata: { annotations: Record<string, string> };
    spec: { containers: { env: EnvVar[] }[] };
  };
}

export interface SecretView {
  phase: string | undefined;
  annotations: Record<string, string>;
  values: Record<string, string>;
}

export async function readSecret(cluster: Cluster, name = "m3-secrets"): Promise<SecretView> {
  const secret = await cluster.core.readNamespacedSecret({ name, namespace: cluster.namespace });
  const data = secret.data ?? {};
  const annotations = secret.metadata?.annotations ?? {};
  return {
    phase: annotations[ROTATION_ANNOTATIONS.phase],
    annotations,
    values: Object.fromEntries(
      Object.entries(data).map(([key, value]) => [key, Buffer.from(value, "base64").toString("utf8")]),
    ),
  };
}

async function deploymentSpecs(cluster: Cluster): Promise<Map<string | undefined, DeploymentShape>> {
  const deployments = await cluster.objects("apps/v1", "Deployment");
  return new Map(deployments.map((item) => [item.metadata.name, item.spec as DeploymentShape]));
}

export async function secretHashes(cluster: Cluster): Promise<Map<string | undefined, string | undefined>> {
  return new Map(
    [...(await deploymentSpecs(cluster))].map(([name, spec]) => [
      name,
      spec.template.metadata.annotations[SECRETS_HASH_ANNOTATION],
    ]),
  );
}

/** Waits until the operator gave every Deployment a new Secret hash, then reports them rolled out. */
export async function rollOut(
  cluster: Cluster,
  before: Map<string | undefined, string | undefined>,
): Promise<void> {
  await eventuallyFromApi(async () => {
    const now = await secretHashes(cluster);
    return now.size === before.size && [...now].every(([name, hash]) => hash !== before.get(name))
      ? true
      : undefined;
  });
  await cluster.controllers.markDeploymentsReady();
}

/** The environment a pod of the domain gets now: its Deployment's env resolved against the Secrets. */
export async function podEnv(cluster: Cluster, domain: string): Promise<Record<string, string>> {
  const spec = (await deploymentSpecs(cluster)).get(`m3-${domain}`);
  if (spec === undefined) throw new Error(`no Deployment m3-${domain}`);
  const env: Record<string, string> = {};
  for (const item of spec.template.spec.containers[0]?.env ?? []) {
    const ref = item.valueFrom?.secretKeyRef;
    if (ref === undefined) {
      if (item.value !== undefined) env[item.name] = item.value;
      continue;
    }
    const value = (await readSecret(cluster, ref.name)).values[ref.key];
    if (value !== undefined) env[item.name] = value;
    else if (!ref.optional) throw new Error(`the pod would not start: ${ref.name}/${ref.key} is missing`);
  }
  return env;
}
