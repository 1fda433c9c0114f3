/**
 * A Job runs the pod template it was created with: the API server refuses a change to it (the
 * stand-in too). The operator leaves an existing migration Job as it is when the platform's spec
 * changes what a new one would run, instead of failing every reconcile with ApplyFailed. Through
 * the Kubernetes API only (k3s or the stand-in).
 */
import { BatchV1Api, PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import test from "ava";
import { eventuallyFromApi } from "../../support/config/eventually.js";
import { deploymentsCount, imageOf, withOperator } from "../../support/operator/cluster-reads.js";
import { conditionBecomes } from "../../support/operator/operator-harness.js";

const MERGE = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);

test("a spec change that a migration Job's template would carry (the image's registry) rolls the Deployments and leaves the finished Job as it ran, with no ApplyFailed", async (t) => {
  await withOperator(async (cluster) => {
    await cluster.createPlatform("m3");
    await cluster.migrate();
    await deploymentsCount(cluster, 7);
    await cluster.controllers.markDeploymentsReady();
    await conditionBecomes(cluster, "m3", "Ready", "True");

    await cluster.custom.patchNamespacedCustomObject(
      { ...cluster.platform, name: "m3", body: { spec: { image: "registry.example.org/mirror/m3" } } },
      MERGE,
    );
    await eventuallyFromApi(async () =>
      (await imageOf(cluster, "kb")) === "registry.example.org/mirror/m3:1.4.0" ? true : undefined,
    );
    await cluster.controllers.markDeploymentsReady();
    const platform = await conditionBecomes(cluster, "m3", "Ready", "True");
    t.is(platform.status?.conditions?.find((item) => item.type === "Degraded")?.status, "False");
    const job = await cluster
      .config()
      .makeApiClient(BatchV1Api)
      .readNamespacedJob({ namespace: cluster.namespace, name: "m3-migrate-1-4-0" });
    t.is(job.spec?.template.spec?.containers[0]?.image, "ghcr.io/example/m3:1.4.0", "the Job as it ran");
    const failures = (await cluster.core.listNamespacedEvent({ namespace: cluster.namespace })).items.filter(
      (event) => event.reason === "ApplyFailed",
    );
    t.deepEqual(
      failures.map((event) => event.message),
      [],
    );
  });
});
