/**
 * What a reconcile asks of the API server, counted from the API-server stand-in's request log: a
 * fact of the stand-in (a real API server keeps no such log for a test to read), so this file
 * always runs on a stand-in of its own.
 */
import test from "ava";
import { pino } from "pino";
import { platformInformers } from "../../../services/operator/controller/platform-informers.js";
import { makeReconciler } from "../../../services/operator/controller/platform-reconciler.js";
import { eventuallyFromApi } from "../../support/config/eventually.js";
import { named } from "../../support/operator/cluster-reads.js";
import { startStandInCluster } from "../../support/operator/operator-harness.js";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

test("a reconcile with nothing changed writes nothing, and every object holds the fields its builder wrote (a NetworkPolicy rule's `from` too)", async (t) => {
  const cluster = await startStandInCluster();
  const logger = pino({ level: "silent" });
  try {
    const reconciler = makeReconciler(cluster.config("operator"), (error) => logger.warn(error));
    await cluster.createPlatform("m3");
    await reconciler.reconcile(`${cluster.namespace}/m3`);
    await cluster.controllers.finishJob("m3-migrate-1-4-0");
    await reconciler.reconcile(`${cluster.namespace}/m3`);
    await reconciler.reconcile(`${cluster.namespace}/m3`); // the status after the first rollout's objects
    const before = cluster.standIn.requests.length;
    await reconciler.reconcile(`${cluster.namespace}/m3`);
    const writes = cluster.standIn.requests.slice(before).filter((request) => WRITES.has(request.method));
    t.deepEqual(
      writes.map((request) => `${request.method} ${request.path}`),
      [],
    );

    const domains = await named(cluster, "networking.k8s.io/v1", "NetworkPolicy", "m3-domains");
    const spec = domains?.spec as { ingress: { from?: unknown[] }[] } | undefined;
    const ingress = spec?.ingress ?? [];
    t.deepEqual(ingress[0]?.from, [
      {
        podSelector: { matchLabels: { "app.kubernetes.io/name": "m3", "app.kubernetes.io/instance": "m3" } },
      },
    ]);
  } finally {
    await cluster.close();
  }
});

test("reading from the informers' caches, a reconcile with nothing changed asks the API server only for the objects it compares, each once", async (t) => {
  const cluster = await startStandInCluster();
  const logger = pino({ level: "silent" });
  const informers = platformInformers(cluster.config("operator"), cluster.namespace);
  try {
    await cluster.createPlatform("m3");
    for (const informer of informers.all) await informer.start();
    const reconciler = makeReconciler(
      cluster.config("operator"),
      (error) => logger.warn(error),
      informers.caches,
    );
    await eventuallyFromApi(() =>
      informers.caches.platforms.get("m3", cluster.namespace) ? true : undefined,
    );
    await reconciler.reconcile(`${cluster.namespace}/m3`);
    await cluster.controllers.finishJob("m3-migrate-1-4-0");
    // The caches follow the writes by their watches: reconcile until one writes nothing (a
    // status written from a stale platform is a 409, which the controller retries).
    await eventuallyFromApi(async () => {
      const before = cluster.standIn.requests.length;
      const failed = await reconciler.reconcile(`${cluster.namespace}/m3`).then(
        () => false,
        () => true,
      );
      if (failed) return undefined;
      const writes = cluster.standIn.requests.slice(before).filter((request) => WRITES.has(request.method));
      return writes.length === 0 && (await cluster.objects("apps/v1", "Deployment")).length === 7
        ? true
        : undefined;
    });
    const before = cluster.standIn.requests.length;
    await reconciler.reconcile(`${cluster.namespace}/m3`);
    const requests = cluster.standIn.requests.slice(before);
    t.deepEqual(
      requests.filter((request) => WRITES.has(request.method)),
      [],
    );
    const cached = requests.filter(
      (request) =>
        request.path.includes("/m3platforms") ||
        request.path.includes("/secrets") ||
        request.query.get("labelSelector")?.includes("component=backup"),
    );
    t.deepEqual(cached, [], "the platform, its Secrets and its backup Jobs come from the caches");
    const paths = requests.map((request) => `${request.method} ${request.path}`);
    t.deepEqual(paths, [...new Set(paths)], "each object is read once: to compare it");
    t.true(paths.includes(`GET /apis/apps/v1/namespaces/${cluster.namespace}/deployments/m3-kb`));
    t.deepEqual(
      requests.filter((request) => request.query.has("labelSelector")),
      [],
      "the clean-up lists from the caches",
    );
  } finally {
    for (const informer of informers.all) await informer.stop();
    await cluster.close();
  }
});
