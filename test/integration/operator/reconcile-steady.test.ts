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

test("reading from the informers' caches, a reconcile with nothing changed sends the API server no request: it compares every object with its cached copy", async (t) => {
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
    t.deepEqual(
      requests.map((request) => `${request.method} ${request.path}`),
      [],
      "no read either: the platform, its Secrets, its Jobs, the objects it compares and what it cleans up all come from the caches, and a kind the cluster does not serve (no ServiceMonitor CRD) and not asked for is not asked about again",
    );
  } finally {
    for (const informer of informers.all) await informer.stop();
    await cluster.close();
  }
});

test("an operator starting on a platform already in place (its caches filled by a list, not by watch events) changes nothing and reads nothing from the API server but whether it serves ServiceMonitors", async (t) => {
  const cluster = await startStandInCluster();
  const logger = pino({ level: "silent" });
  const key = `${cluster.namespace}/m3`;
  const steady = makeReconciler(cluster.config("operator"), (error) => logger.warn(error));
  await cluster.createPlatform("m3");
  await steady.reconcile(key);
  await cluster.controllers.finishJob("m3-migrate-1-4-0");
  await steady.reconcile(key);
  await steady.reconcile(key);
  const informers = platformInformers(cluster.config("operator"), cluster.namespace);
  try {
    for (const informer of informers.all) await informer.start();
    const reconciler = makeReconciler(
      cluster.config("operator"),
      (error) => logger.warn(error),
      informers.caches,
    );
    const before = cluster.standIn.requests.length;
    await reconciler.reconcile(key);
    t.deepEqual(
      cluster.standIn.requests.slice(before).map((request) => `${request.method} ${request.path}`),
      ["GET /apis/monitoring.coreos.com/v1"],
      "a new operator asks once whether the cluster serves the kind, to clean up (the stand-in has no ServiceMonitor CRD)",
    );
  } finally {
    for (const informer of informers.all) await informer.stop();
    await cluster.close();
  }
});
