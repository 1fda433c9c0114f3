import test from "ava";
import { pino } from "pino";
import { makeReconciler } from "../../../services/operator/controller/platform-reconciler.js";
import { NS, startCluster } from "../../support/operator/operator-harness.js";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

test("a reconcile with nothing changed writes nothing, and every object holds the fields its builder wrote (a NetworkPolicy rule's `from` too)", async (t) => {
  const cluster = await startCluster();
  const logger = pino({ level: "silent" });
  try {
    const reconciler = makeReconciler(cluster.config("operator"), (error) => logger.warn(error));
    await cluster.createPlatform("m3");
    await reconciler.reconcile(`${NS}/m3`);
    cluster.finishJob("m3-migrate-1-4-0");
    await reconciler.reconcile(`${NS}/m3`);
    await reconciler.reconcile(`${NS}/m3`); // the status after the first rollout's objects
    const before = cluster.api.requests.length;
    await reconciler.reconcile(`${NS}/m3`);
    const writes = cluster.api.requests.slice(before).filter((request) => WRITES.has(request.method));
    t.deepEqual(
      writes.map((request) => `${request.method} ${request.path}`),
      [],
    );

    const domains = cluster
      .objects("networking.k8s.io", "v1", "networkpolicies")
      .find((item) => item.metadata.name === "m3-domains");
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
