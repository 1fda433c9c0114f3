/**
 * The applier compares with the informers' cached objects. A cache can lag the API server by a
 * watch event; these tests hold the Deployments' cache still (a snapshot) to show that a stale
 * copy never makes a write that loses someone's change, and that a reconcile right after its own
 * patch does not patch again from the copy that patch replaced. They count requests in the
 * API-server stand-in's log, so they run on a stand-in of their own whatever the path.
 */
import {
  AppsV1Api,
  CustomObjectsApi,
  type KubernetesObject,
  type ObjectCache,
  PatchStrategy,
  setHeaderOptions,
} from "@kubernetes/client-node";
import test from "ava";
import { pino } from "pino";
import type { InformerCaches } from "../../../services/operator/controller/cached-platform-reads.js";
import { platformInformers } from "../../../services/operator/controller/platform-informers.js";
import { makeReconciler } from "../../../services/operator/controller/platform-reconciler.js";
import { eventually } from "../../support/config/eventually.js";
import { named } from "../../support/operator/cluster-reads.js";
import { startStandInCluster } from "../../support/operator/operator-harness.js";

type StandInCluster = Awaited<ReturnType<typeof startStandInCluster>>;

const MERGE = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const logger = pino({ level: "silent" });

/** The cache's objects as they are now: the informer replaces an object it sees change, so these stay. */
function snapshot(cache: ObjectCache<KubernetesObject>, namespace: string): ObjectCache<KubernetesObject> {
  const items = new Map(cache.list(namespace).map((item) => [item.metadata?.name ?? "", item]));
  return {
    get: (name: string) => items.get(name),
    list: () => [...items.values()],
  };
}

function withDeployments(caches: InformerCaches, deployments: ObjectCache<KubernetesObject>): InformerCaches {
  return {
    ...caches,
    deployments,
    ownedByKind: new Map([...caches.ownedByKind, ["Deployment", deployments]]),
  };
}

/** A platform at rest, with informers following it. */
async function steadyPlatform(t: { teardown(fn: () => Promise<void>): void }) {
  const cluster = await startStandInCluster();
  const informers = platformInformers(cluster.config("operator"), cluster.namespace);
  t.teardown(async () => {
    for (const informer of informers.all) await informer.stop();
    await cluster.close();
  });
  await cluster.createPlatform("m3");
  for (const informer of informers.all) await informer.start();
  const live = makeReconciler(cluster.config("operator"), (error) => logger.warn(error), informers.caches);
  await eventually(() => (informers.caches.platforms.get("m3", cluster.namespace) ? true : undefined));
  await live.reconcile(`${cluster.namespace}/m3`);
  await cluster.controllers.finishJob("m3-migrate-1-4-0");
  await settle(cluster, live);
  return { cluster, informers, live };
}

/** Reconciles until one writes nothing (the caches follow the writes by their watches). */
async function settle(cluster: StandInCluster, reconciler: ReturnType<typeof makeReconciler>) {
  await eventually(async () => {
    const before = cluster.standIn.requests.length;
    const failed = await reconciler.reconcile(`${cluster.namespace}/m3`).then(
      () => false,
      () => true,
    );
    const writes = cluster.standIn.requests.slice(before).filter((request) => WRITES.has(request.method));
    return !failed && writes.length === 0 && (await cluster.objects("apps/v1", "Deployment")).length === 7
      ? true
      : undefined;
  });
}

async function scaleKb(cluster: StandInCluster, caches: InformerCaches, replicas: number) {
  const custom = cluster.config().makeApiClient(CustomObjectsApi);
  await custom.patchNamespacedCustomObject(
    { ...cluster.platform, name: "m3", body: { spec: { domains: { kb: { replicas } } } } },
    MERGE,
  );
  await eventually(() => {
    const platform = caches.platforms.get("m3", cluster.namespace) as {
      spec: { domains?: { kb?: { replicas?: number } } };
    };
    return platform?.spec.domains?.kb?.replicas === replicas ? true : undefined;
  });
}

const kbOf = async (cluster: StandInCluster) =>
  (await named(cluster, "apps/v1", "Deployment", "m3-kb")) as unknown as {
    metadata: { labels: Record<string, string> };
    spec: { replicas: number };
  };

test("a Deployment changed by someone after the cached copy is not patched from that copy: a 409, and the retry applies the spec with their change kept", async (t) => {
  const { cluster, informers, live } = await steadyPlatform(t);
  const stale = snapshot(informers.caches.deployments, cluster.namespace);
  const apps = cluster.config().makeApiClient(AppsV1Api);
  await apps.patchNamespacedDeployment(
    { name: "m3-kb", namespace: cluster.namespace, body: { metadata: { labels: { team: "media" } } } },
    MERGE,
  );
  await scaleKb(cluster, informers.caches, 3);
  const lagging = makeReconciler(
    cluster.config("operator"),
    (error) => logger.warn(error),
    withDeployments(informers.caches, stale),
  );
  const refused = await t.throwsAsync(lagging.reconcile(`${cluster.namespace}/m3`));
  t.regex(refused?.message ?? "", /^Deployment m3-kb: 409/);
  t.is((await kbOf(cluster)).spec.replicas, 1, "nothing written from the stale copy");
  t.is((await kbOf(cluster)).metadata.labels.team, "media");

  await settle(cluster, live); // the work queue's retry, once the cache has caught up
  t.is((await kbOf(cluster)).spec.replicas, 3);
  t.is((await kbOf(cluster)).metadata.labels.team, "media", "their change is kept");
});

test("a reconcile right after its own patch, before the cache has seen it, reads the object instead of patching again from the replaced copy", async (t) => {
  const { cluster, informers } = await steadyPlatform(t);
  const stale = snapshot(informers.caches.deployments, cluster.namespace);
  await scaleKb(cluster, informers.caches, 2);
  const lagging = makeReconciler(
    cluster.config("operator"),
    (error) => logger.warn(error),
    withDeployments(informers.caches, stale),
  );
  await lagging.reconcile(`${cluster.namespace}/m3`).catch(() => undefined); // its status write may race the cache
  t.is((await kbOf(cluster)).spec.replicas, 2);
  const before = cluster.standIn.requests.length;
  await lagging.reconcile(`${cluster.namespace}/m3`).catch(() => undefined);
  const requests = cluster.standIn.requests
    .slice(before)
    .map((request) => `${request.method} ${request.path}`);
  t.false(
    requests.some((request) => request.startsWith("PATCH /apis/apps/v1")),
    "no second patch of the Deployment",
  );
  t.true(
    requests.includes(`GET /apis/apps/v1/namespaces/${cluster.namespace}/deployments/m3-kb`),
    "read from the API server",
  );
  t.false(
    requests.includes(`GET /apis/apps/v1/namespaces/${cluster.namespace}/deployments/m3-annotation`),
    "the others still compared with the cache",
  );
});
