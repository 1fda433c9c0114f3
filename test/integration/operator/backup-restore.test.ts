/**
 * Backups and restores through the operator, through the Kubernetes API only (k3s or the
 * stand-in). The tests play the CronJob, Job and Deployment controllers: they create the backup
 * Jobs a schedule would, give Jobs their outcome and report Deployments' pods.
 */
import { BatchV1Api, PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import test from "ava";
import { eventuallyFromApi } from "../../support/config/eventually.js";
import { deploymentsCount, named } from "../../support/operator/cluster-reads.js";
import { type Cluster, conditionBecomes, startCluster } from "../../support/operator/operator-harness.js";

const MERGE = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);
const WRITERS = ["m3-annotation", "m3-kb", "m3-registry"];
const ARCHIVE = "s3://m3-backups/nightly/m3-backup-20261128T030000000Z.jsonl.gz";

async function withReadyPlatform(
  spec: Parameters<Cluster["createPlatform"]>[1],
  run: (cluster: Cluster) => Promise<void>,
) {
  const cluster = await startCluster();
  try {
    cluster.startOperator();
    await cluster.createPlatform("m3", spec);
    await cluster.migrate();
    await deploymentsCount(cluster, 7);
    await cluster.controllers.markDeploymentsReady();
    await conditionBecomes(cluster, "m3", "Ready", "True");
    await run(cluster);
  } finally {
    await cluster.close();
  }
}

/** The CronJob controller starting a backup Job at its schedule time: its template's labels, owned by it. */
async function scheduledBackup(cluster: Cluster, name: string, at: string) {
  const batch = cluster.config().makeApiClient(BatchV1Api);
  const cronJob = await batch.readNamespacedCronJob({ name: "m3-backup", namespace: cluster.namespace });
  await batch.createNamespacedJob({
    namespace: cluster.namespace,
    body: {
      metadata: {
        name,
        labels: cronJob.spec?.jobTemplate.metadata?.labels,
        ownerReferences: [
          {
            apiVersion: "batch/v1",
            kind: "CronJob",
            name: "m3-backup",
            uid: cronJob.metadata?.uid ?? "",
            controller: true,
          },
        ],
      },
      spec: { template: { spec: { restartPolicy: "Never", containers: [{ name: "backup", image: "m3" }] } } },
    },
  });
  return { name, at };
}

async function spec(cluster: Cluster, kind: "Deployment" | "CronJob" | "Job", name: string) {
  const found = await named(cluster, kind === "Deployment" ? "apps/v1" : "batch/v1", kind, name);
  return found?.spec as Record<string, unknown> | undefined;
}

function writersStopped(cluster: Cluster) {
  return eventuallyFromApi(async () => {
    const replicas = await Promise.all(
      WRITERS.map(async (name) => (await spec(cluster, "Deployment", name))?.replicas),
    );
    return replicas.every((count) => count === 0) ? true : undefined;
  });
}

async function events(cluster: Cluster, reason: string) {
  const list = await cluster.core.listNamespacedEvent({ namespace: cluster.namespace });
  return list.items.filter((event) => event.reason === reason);
}

test("a failed backup Job sets Degraded BackupFailed with the Job's message and one Warning Event; Ready keeps its meaning; a later success clears it", async (t) => {
  await withReadyPlatform({}, async (cluster) => {
    const failed = await scheduledBackup(cluster, "m3-backup-29400300", "2026-11-29T03:00:00Z");
    await cluster.controllers.finishJob(failed.name, "Job has reached the specified backoff limit");
    await cluster.controllers.reportCronJob("m3-backup", { lastScheduleTime: failed.at });
    const degraded = await conditionBecomes(cluster, "m3", "Degraded", "True", "BackupFailed");
    t.is(
      degraded.status?.conditions?.find((item) => item.type === "Degraded")?.message,
      "the backup Job m3-backup-29400300 failed: Job has reached the specified backoff limit",
    );
    t.is(degraded.status?.conditions?.find((item) => item.type === "Ready")?.status, "True");
    t.deepEqual(degraded.status?.lastBackup, {
      lastScheduleTime: failed.at,
      lastFailure: { job: failed.name, message: "Job has reached the specified backoff limit" },
    });
    await cluster.controllers.reportCronJob("m3-backup", {
      lastScheduleTime: failed.at,
      lastSuccessfulTime: "2026-11-28T03:04:00Z",
    });
    await eventuallyFromApi(async () =>
      (await cluster.readPlatform("m3")).status?.lastBackup?.lastSuccessfulTime ? true : undefined,
    );
    const warnings = await events(cluster, "BackupFailed");
    t.is(warnings.length, 1, "one Event per failed Job, not one per reconcile");
    t.is(warnings[0]?.type, "Warning");

    const next = await scheduledBackup(cluster, "m3-backup-29401740", "2026-11-30T03:00:00Z");
    await cluster.controllers.finishJob(next.name);
    await cluster.controllers.reportCronJob("m3-backup", {
      lastScheduleTime: next.at,
      lastSuccessfulTime: "2026-11-30T03:05:00Z",
    });
    const healthy = await conditionBecomes(cluster, "m3", "Degraded", "False", "AsExpected");
    t.deepEqual(healthy.status?.lastBackup, {
      lastScheduleTime: next.at,
      lastSuccessfulTime: "2026-11-30T03:05:00Z",
    });
  });
});

test("a restore stops kb, annotation and registry and suspends backups, runs one Job once their pods are gone, and brings them back when it succeeds", async (t) => {
  await withReadyPlatform({ domains: { registry: { replicas: 2 } } }, async (cluster) => {
    await cluster.custom.patchNamespacedCustomObject(
      {
        ...cluster.platform,
        name: "m3",
        body: { spec: { restore: { id: "r1", from: ARCHIVE, force: true } } },
      },
      MERGE,
    );
    const stopping = await conditionBecomes(cluster, "m3", "Restored", "False", "Restoring");
    t.regex(
      stopping.status?.conditions?.find((item) => item.type === "Ready")?.message ?? "",
      /^stopping kb/,
    );
    await writersStopped(cluster);
    t.is((await spec(cluster, "Deployment", "m3-gateway"))?.replicas, 1, "the other domains keep serving");
    t.is((await spec(cluster, "CronJob", "m3-backup"))?.suspend, true);
    t.is(await spec(cluster, "Job", "m3-restore-r1"), undefined, "no restore while a writer's pod runs");

    await cluster.controllers.markDeploymentsReady(); // the writers' pods are gone
    const job = await eventuallyFromApi(() => spec(cluster, "Job", "m3-restore-r1"));
    const container = (job.template as { spec: { containers: { image: string; args: string[] }[] } }).spec
      .containers[0];
    t.is(container?.image, "ghcr.io/example/m3:1.4.0");
    t.deepEqual(container?.args, ["m3", "restore", "--input", ARCHIVE, "--force"]);
    await conditionBecomes(cluster, "m3", "Restored", "False", "Restoring");

    await cluster.controllers.finishJob("m3-restore-r1");
    const restored = await conditionBecomes(cluster, "m3", "Restored", "True", "RestoreSucceeded");
    t.is(
      restored.status?.conditions?.find((item) => item.type === "Restored")?.message,
      `restore r1 loaded ${ARCHIVE}`,
    );
    await eventuallyFromApi(async () =>
      (await spec(cluster, "Deployment", "m3-registry"))?.replicas === 2 ? true : undefined,
    );
    t.is((await spec(cluster, "Deployment", "m3-kb"))?.replicas, 1);
    t.is((await spec(cluster, "CronJob", "m3-backup"))?.suspend, false);
    t.truthy(await spec(cluster, "Job", "m3-restore-r1"), "the Job stays, so the id is not restored again");
    t.is((await events(cluster, "RestoreSucceeded")).length, 1);

    await cluster.custom.patchNamespacedCustomObject(
      { ...cluster.platform, name: "m3", body: { spec: { restore: null } } },
      MERGE,
    );
    await conditionBecomes(cluster, "m3", "Restored", "False", "NotRequested");
    await eventuallyFromApi(async () =>
      (await spec(cluster, "Job", "m3-restore-r1")) === undefined ? true : undefined,
    );
    t.deepEqual(
      (await events(cluster, "Deleted"))
        .map((event) => event.message)
        .filter((text) => text?.includes("restore")),
      ["deleted Job/m3-restore-r1, no longer desired"],
      "the Job goes with the request",
    );
  });
});

test("a failed restore gives the writers back (the databases are as they were), sets Degraded RestoreFailed with the Job's message, and an autoscaled domain restarts at its floor", async (t) => {
  const autoscaled = { autoscaling: { enabled: true, minReplicas: 2, maxReplicas: 4 } };
  await withReadyPlatform({ domains: { kb: autoscaled } }, async (cluster) => {
    await cluster.custom.patchNamespacedCustomObject(
      { ...cluster.platform, name: "m3", body: { spec: { restore: { id: "r2", from: ARCHIVE } } } },
      MERGE,
    );
    await writersStopped(cluster);
    await cluster.controllers.markDeploymentsReady();
    const job = await eventuallyFromApi(() => spec(cluster, "Job", "m3-restore-r2"));
    t.deepEqual((job.template as { spec: { containers: { args: string[] }[] } }).spec.containers[0]?.args, [
      "m3",
      "restore",
      "--input",
      ARCHIVE,
    ]);
    await cluster.controllers.finishJob("m3-restore-r2", "the target holds rows: kb.concepts (use --force)");
    const failed = await conditionBecomes(cluster, "m3", "Degraded", "True", "RestoreFailed");
    t.is(
      failed.status?.conditions?.find((item) => item.type === "Degraded")?.message,
      `restore r2 of ${ARCHIVE} failed, the databases are as they were: the target holds rows: kb.concepts (use --force)`,
    );
    t.is(failed.status?.conditions?.find((item) => item.type === "Restored")?.reason, "RestoreFailed");
    await eventuallyFromApi(async () =>
      (await spec(cluster, "Deployment", "m3-kb"))?.replicas === 2 ? true : undefined,
    );
    t.is((await spec(cluster, "Deployment", "m3-registry"))?.replicas, 1);
    const warnings = await events(cluster, "RestoreFailed");
    t.is(warnings.length, 1);
    t.is(warnings[0]?.type, "Warning");
  });
});

test("a restore waits for a writer's pod still terminating after its Deployment counts none, and starts once the pod is gone", async (t) => {
  await withReadyPlatform({}, async (cluster) => {
    const namespace = cluster.namespace;
    // The kubelet still finishing a registry pod's requests: the pod exists, its Deployment no
    // longer counts it. Bound to a node that does not exist, so no kubelet runs it (on k3s).
    const podSpec = {
      nodeName: "no-such-node",
      containers: [{ name: "m3", image: "ghcr.io/example/m3:1.4.0" }],
    };
    const pod = (name: string, instance: string, component: string) => ({
      metadata: {
        name,
        labels: { "app.kubernetes.io/instance": instance, "app.kubernetes.io/component": component },
      },
      spec: podSpec,
    });
    await cluster.core.createNamespacedPod({
      namespace,
      body: pod("m3-registry-7d9f-abcde", "m3", "registry"),
    });
    // Another component's pod and another platform's writer do not hold the restore.
    await cluster.core.createNamespacedPod({ namespace, body: pod("m3-capture-1", "m3", "capture") });
    await cluster.core.createNamespacedPod({ namespace, body: pod("other-registry-1", "other", "registry") });
    await cluster.custom.patchNamespacedCustomObject(
      { ...cluster.platform, name: "m3", body: { spec: { restore: { id: "r3", from: ARCHIVE } } } },
      MERGE,
    );
    await writersStopped(cluster);
    await cluster.controllers.markDeploymentsReady(); // the Deployments count no pod
    // Two reconciles at least (each pod count waits WRITER_PODS_RECHECK_MILLIS for the next).
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    t.is(await spec(cluster, "Job", "m3-restore-r3"), undefined, "no restore while the pod terminates");
    const held = await cluster.readPlatform("m3");
    t.is(held.status?.conditions?.find((item) => item.type === "Restored")?.reason, "Restoring");
    t.regex(held.status?.conditions?.find((item) => item.type === "Ready")?.message ?? "", /^stopping kb/);

    await cluster.core.deleteNamespacedPod({
      namespace,
      name: "m3-registry-7d9f-abcde",
      gracePeriodSeconds: 0,
    });
    const job = await eventuallyFromApi(() => spec(cluster, "Job", "m3-restore-r3"));
    t.truthy(job, "the Job once the pod is gone, with no other event to wake the operator");
  });
});
