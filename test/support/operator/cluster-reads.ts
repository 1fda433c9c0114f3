/** What the operator's tests read back from the cluster, through its API, and how they wait for it. */
import { eventuallyFromApi } from "../config/eventually.js";
import { type Cluster, type ClusterObject, startCluster } from "./operator-harness.js";

/** The domains' Deployments and Services, by domain, in the order the API lists them. */
export const DOMAINS = ["annotation", "capture", "config", "gateway", "kb", "registry", "upload"];

/** Runs the test against a fresh cluster with one operator started, and closes it. */
export async function withOperator(run: (cluster: Cluster) => Promise<void>): Promise<void> {
  const cluster = await startCluster();
  try {
    cluster.startOperator();
    await run(cluster);
  } finally {
    await cluster.close();
  }
}

export async function names(
  cluster: Cluster,
  apiVersion: string,
  kind: string,
): Promise<(string | undefined)[]> {
  return (await cluster.objects(apiVersion, kind)).map((object) => object.metadata.name);
}

/** The object of the kind and name, or undefined. */
export async function named(
  cluster: Cluster,
  apiVersion: string,
  kind: string,
  name: string,
): Promise<ClusterObject | undefined> {
  return (await cluster.objects(apiVersion, kind)).find((object) => object.metadata.name === name);
}

/** Waits until the names of the kind's objects, comma-joined, are the expected ones. */
export function namesBecome(cluster: Cluster, apiVersion: string, kind: string, expected: string[]) {
  return eventuallyFromApi(async () =>
    (await names(cluster, apiVersion, kind)).join() === expected.join() ? true : undefined,
  );
}

export function deploymentsCount(cluster: Cluster, count: number) {
  return eventuallyFromApi(async () =>
    (await cluster.objects("apps/v1", "Deployment")).length === count ? true : undefined,
  );
}

/** The image of the domain's Deployment's container. */
export async function imageOf(cluster: Cluster, domain: string): Promise<string | undefined> {
  const deployment = await named(cluster, "apps/v1", "Deployment", `m3-${domain}`);
  return deployment?.spec?.template.spec.containers[0]?.image;
}

export async function tagOf(cluster: Cluster, domain: string): Promise<string | undefined> {
  const image = await imageOf(cluster, domain);
  return image?.slice(image.lastIndexOf(":") + 1);
}
