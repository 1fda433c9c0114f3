/**
 * A Job runs the pod template it was created with: the API server refuses a change to it (the
 * stand-in too). The operator leaves an existing migration Job as it is when the platform's
 * spec changes what a new one would run, instead of failing every reconcile with ApplyFailed.
 */
import { BatchV1Api, PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import test from "ava";
import { eventually } from "../../support/config/eventually.js";
import { conditionBecomes, NS, PLATFORM, startCluster } from "../../support/operator/operator-harness.js";

const MERGE = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);

test("a spec change that a migration Job's template would carry (the image's registry) rolls the Deployments and leaves the finished Job as it ran, with no ApplyFailed", async (t) => {
  const cluster = await startCluster();
  try {
    cluster.startOperator();
    await cluster.createPlatform("m3");
    await cluster.migrate();
    await eventually(() => (cluster.objects("apps", "v1", "deployments").length === 7 ? true : undefined));
    cluster.markDeploymentsReady();
    await conditionBecomes(cluster, "m3", "Ready", "True");

    await cluster.custom.patchNamespacedCustomObject(
      { ...PLATFORM, name: "m3", body: { spec: { image: "registry.example.org/mirror/m3" } } },
      MERGE,
    );
    const image = (name: string) =>
      (
        cluster.objects("apps", "v1", "deployments").find((item) => item.metadata.name === name)?.spec as
          | { template: { spec: { containers: { image: string }[] } } }
          | undefined
      )?.template.spec.containers[0]?.image;
    await eventually(() => (image("m3-kb") === "registry.example.org/mirror/m3:1.4.0" ? true : undefined));
    cluster.markDeploymentsReady();
    const platform = await conditionBecomes(cluster, "m3", "Ready", "True");
    t.is(platform.status?.conditions?.find((item) => item.type === "Degraded")?.status, "False");
    const job = await cluster
      .config()
      .makeApiClient(BatchV1Api)
      .readNamespacedJob({ namespace: NS, name: "m3-migrate-1-4-0" });
    t.is(job.spec?.template.spec?.containers[0]?.image, "ghcr.io/example/m3:1.4.0", "the Job as it ran");
    const failures = (await cluster.core.listNamespacedEvent({ namespace: NS })).items.filter(
      (event) => event.reason === "ApplyFailed",
    );
    t.deepEqual(
      failures.map((event) => event.message),
      [],
    );
  } finally {
    await cluster.close();
  }
});
