/**
 * Upgrades through the operator: the migration Job that gates each new version, its success and
 * its failure. Through the Kubernetes API only, so the same tests run on k3s and on the stand-in.
 */
import { PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import test from "ava";
import { eventuallyFromApi } from "../../support/config/eventually.js";
import { DOMAINS, names, tagOf, withOperator } from "../../support/operator/cluster-reads.js";
import { type Cluster, conditionBecomes } from "../../support/operator/operator-harness.js";

const MERGE = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);

async function tags(cluster: Cluster): Promise<(string | undefined)[]> {
  return Promise.all(DOMAINS.map((domain) => tagOf(cluster, domain)));
}

async function readyAt(cluster: Cluster, version: string) {
  await cluster.migrate(version);
  await eventuallyFromApi(async () =>
    (await tags(cluster)).every((tag) => tag === version) ? true : undefined,
  );
  await cluster.controllers.markDeploymentsReady();
  return eventuallyFromApi(async () => {
    const platform = await cluster.readPlatform("m3");
    return platform.status?.version === version ? platform : undefined;
  });
}

function upgradeTo(cluster: Cluster, version: string) {
  return cluster.custom.patchNamespacedCustomObject(
    { ...cluster.platform, name: "m3", body: { spec: { version } } },
    MERGE,
  );
}

test("an upgrade runs one migration Job for the new version and holds the domains at the old one until it succeeds", async (t) => {
  await withOperator(async (cluster) => {
    await cluster.createPlatform("m3");
    await readyAt(cluster, "1.4.0");
    await upgradeTo(cluster, "1.5.0");
    const migrating = await conditionBecomes(cluster, "m3", "Migrated", "False", "Migrating");
    t.is(migrating.status?.version, "1.4.0");
    t.deepEqual(await names(cluster, "batch/v1", "Job"), ["m3-migrate-1-5-0"]);
    t.deepEqual(
      await tags(cluster),
      DOMAINS.map(() => "1.4.0"),
      "every domain waits",
    );
    const upgraded = await readyAt(cluster, "1.5.0");
    t.is(upgraded.status?.conditions?.find((item) => item.type === "Migrated")?.reason, "MigrationSucceeded");
    t.deepEqual(
      await tags(cluster),
      DOMAINS.map(() => "1.5.0"),
    );
  });
});

test("a failed migration leaves the old version serving and sets Degraded with the Job's message", async (t) => {
  await withOperator(async (cluster) => {
    await cluster.createPlatform("m3");
    await readyAt(cluster, "1.4.0");
    await upgradeTo(cluster, "1.5.0");
    await eventuallyFromApi(async () =>
      (await names(cluster, "batch/v1", "Job")).includes("m3-migrate-1-5-0") ? true : undefined,
    );
    await cluster.controllers.finishJob("m3-migrate-1-5-0", "Job has reached the specified backoff limit");
    const failed = await conditionBecomes(cluster, "m3", "Degraded", "True", "MigrationFailed");
    t.is(
      failed.status?.conditions?.find((item) => item.type === "Degraded")?.message,
      "the migration to 1.5.0 failed: Job has reached the specified backoff limit",
    );
    t.like(failed.status, { version: "1.4.0", replicas: "7/7" });
    t.is(failed.status?.conditions?.find((item) => item.type === "Ready")?.status, "True");
    t.deepEqual(
      await tags(cluster),
      DOMAINS.map(() => "1.4.0"),
    );
  });
});
