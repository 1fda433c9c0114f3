import { AppsV1Api, PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import test from "ava";
import { SECRETS_HASH_ANNOTATION } from "../../../services/operator/builders/domain-deployment.js";
import { eventually } from "../../support/config/eventually.js";
import {
  b64,
  type Cluster,
  conditionBecomes,
  NS,
  PLATFORM,
  startCluster,
} from "../../support/operator/operator-harness.js";

const MERGE = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);
const DOMAINS = ["annotation", "capture", "config", "gateway", "kb", "registry", "upload"];

async function withOperator(run: (cluster: Cluster) => Promise<void>) {
  const cluster = await startCluster();
  try {
    cluster.startOperator();
    await run(cluster);
  } finally {
    await cluster.close();
  }
}

function names(cluster: Cluster, group: string, version: string, plural: string): string[] {
  return cluster.objects(group, version, plural).map((object) => object.metadata.name);
}

function deploymentsCount(cluster: Cluster, count: number) {
  return eventually(() => (cluster.objects("apps", "v1", "deployments").length === count ? true : undefined));
}

test("a new M3Platform gets its owned Deployments, Services, settings, network policies and backup CronJob, and Progressing until the pods are ready", async (t) => {
  await withOperator(async (cluster) => {
    const platform = await cluster.createPlatform("m3");
    const migrating = await conditionBecomes(cluster, "m3", "Migrated", "False", "Migrating");
    t.deepEqual(
      names(cluster, "apps", "v1", "deployments"),
      [],
      "no Deployment before the schema is migrated",
    );
    t.is(migrating.status?.conditions?.find((item) => item.type === "Progressing")?.status, "True");
    t.deepEqual(names(cluster, "batch", "v1", "jobs"), ["m3-migrate-1-4-0"]);
    await cluster.migrate();
    await deploymentsCount(cluster, DOMAINS.length);
    const progressing = await conditionBecomes(cluster, "m3", "Progressing", "True", "RollingOut");
    t.like(progressing.status, { observedGeneration: 1, replicas: "0/7" });
    t.is(progressing.status?.conditions?.find((item) => item.type === "Ready")?.reason, "DomainsNotReady");
    t.is(progressing.status?.version, undefined);
    await eventually(() => (cluster.objects("batch", "v1", "cronjobs").length === 1 ? true : undefined));
    t.deepEqual(
      names(cluster, "apps", "v1", "deployments"),
      DOMAINS.map((domain) => `m3-${domain}`),
    );
    t.deepEqual(
      names(cluster, "", "v1", "services"),
      DOMAINS.map((domain) => `m3-${domain}`),
    );
    t.deepEqual(names(cluster, "", "v1", "configmaps"), ["m3-settings"]);
    t.deepEqual(names(cluster, "networking.k8s.io", "v1", "networkpolicies"), ["m3-domains", "m3-gateway"]);
    t.deepEqual(names(cluster, "batch", "v1", "cronjobs"), ["m3-backup"]);
    for (const plural of ["deployments", "services"]) {
      for (const object of cluster.objects(plural === "deployments" ? "apps" : "", "v1", plural)) {
        t.like(object.metadata.ownerReferences?.[0], {
          kind: "M3Platform",
          name: "m3",
          uid: platform.metadata.uid,
        });
      }
    }
    const kb = await cluster
      .config()
      .makeApiClient(AppsV1Api)
      .readNamespacedDeployment({ name: "m3-kb", namespace: NS });
    const container = kb.spec?.template.spec?.containers[0];
    t.is(container?.image, "ghcr.io/example/m3:1.4.0");
    t.deepEqual(container?.args, ["kb"]);
    t.is(
      imageOf(cluster, "capture"),
      "ghcr.io/example/m3-capture:1.4.0",
      "capture runs its own image (with ffmpeg)",
    );
    t.like(container?.env?.find((env) => env.name === "M3_DATABASE_URL")?.valueFrom?.secretKeyRef, {
      name: "m3-database",
      key: "url",
    });

    cluster.markDeploymentsReady();
    const ready = await conditionBecomes(cluster, "m3", "Ready", "True", "AllDomainsReady");
    t.like(ready.status, {
      version: "1.4.0",
      replicas: "7/7",
      domains: { kb: { replicas: 1, readyReplicas: 1 } },
    });
    t.is(ready.status?.conditions?.find((item) => item.type === "Progressing")?.status, "False");
    t.is(ready.status?.conditions?.find((item) => item.type === "Degraded")?.status, "False");
    const events = await cluster.core.listNamespacedEvent({ namespace: NS });
    const created = events.items.filter(
      (event) => event.reason === "Created" && event.involvedObject.name === "m3",
    );
    t.true(created.some((event) => event.message === "created Deployment m3-kb"));
  });
});

test("scaling a domain changes its Deployment's replicas and adds its disruption budget; an autoscaler comes and goes with spec.autoscaling", async (t) => {
  await withOperator(async (cluster) => {
    await cluster.createPlatform("m3");
    await cluster.migrate();
    await deploymentsCount(cluster, DOMAINS.length);
    await cluster.custom.patchNamespacedCustomObject(
      {
        ...PLATFORM,
        name: "m3",
        body: {
          spec: {
            domains: { registry: { replicas: 3 }, kb: { autoscaling: { enabled: true, maxReplicas: 5 } } },
          },
        },
      },
      MERGE,
    );
    const registry = await eventually(() => {
      const found = cluster
        .objects("apps", "v1", "deployments")
        .find((item) => item.metadata.name === "m3-registry");
      return (found?.spec as { replicas?: number } | undefined)?.replicas === 3 ? found : undefined;
    });
    t.truthy(registry);
    await eventually(() =>
      names(cluster, "autoscaling", "v2", "horizontalpodautoscalers").join() === "m3-kb" ? true : undefined,
    );
    await eventually(() =>
      names(cluster, "policy", "v1", "poddisruptionbudgets").join() === "m3-kb,m3-registry"
        ? true
        : undefined,
    );
    const hpa = cluster.objects("autoscaling", "v2", "horizontalpodautoscalers")[0];
    t.like(hpa?.spec, {
      minReplicas: 1,
      maxReplicas: 5,
      scaleTargetRef: { kind: "Deployment", name: "m3-kb" },
    });

    await cluster.custom.patchNamespacedCustomObject(
      { ...PLATFORM, name: "m3", body: { spec: { domains: { kb: { autoscaling: { enabled: false } } } } } },
      MERGE,
    );
    await eventually(() =>
      names(cluster, "autoscaling", "v2", "horizontalpodautoscalers").length === 0 ? true : undefined,
    );
    await eventually(() =>
      names(cluster, "policy", "v1", "poddisruptionbudgets").join() === "m3-registry" ? true : undefined,
    );
    const events = await cluster.core.listNamespacedEvent({ namespace: NS });
    t.true(
      events.items.some(
        (event) =>
          event.reason === "Deleted" &&
          event.message === "deleted HorizontalPodAutoscaler/m3-kb, no longer desired",
      ),
    );
  });
});

test("drift is corrected: a changed image is set back, a deleted Service comes back, and a label someone added is left alone", async (t) => {
  await withOperator(async (cluster) => {
    await cluster.createPlatform("m3");
    await cluster.migrate();
    await deploymentsCount(cluster, DOMAINS.length);
    const apps = cluster.config().makeApiClient(AppsV1Api);
    await apps.patchNamespacedDeployment(
      {
        name: "m3-kb",
        namespace: NS,
        body: {
          metadata: { labels: { team: "media" } },
          spec: { template: { spec: { containers: [{ name: "kb", image: "evil:1" }] } } },
        },
      },
      MERGE,
    );
    const corrected = await eventually(async () => {
      const kb = await apps.readNamespacedDeployment({ name: "m3-kb", namespace: NS });
      return kb.spec?.template.spec?.containers[0]?.image === "ghcr.io/example/m3:1.4.0" ? kb : undefined;
    });
    t.is(corrected.metadata?.labels?.team, "media");
    t.deepEqual(corrected.spec?.template.spec?.containers[0]?.args, ["kb"]);
    await cluster.core.deleteNamespacedService({ name: "m3-registry", namespace: NS });
    await eventually(() => (names(cluster, "", "v1", "services").includes("m3-registry") ? true : undefined));
    t.pass();
  });
});

test("deleting the M3Platform removes everything it owned (the garbage collector, by owner references)", async (t) => {
  await withOperator(async (cluster) => {
    await cluster.createPlatform("m3");
    await cluster.migrate();
    await deploymentsCount(cluster, DOMAINS.length);
    await cluster.custom.deleteNamespacedCustomObject({ ...PLATFORM, name: "m3" });
    await deploymentsCount(cluster, 0);
    await eventually(() =>
      names(cluster, "", "v1", "services").length +
        names(cluster, "", "v1", "configmaps").length +
        names(cluster, "batch", "v1", "cronjobs").length ===
      0
        ? true
        : undefined,
    );
    t.deepEqual(names(cluster, "", "v1", "secrets"), ["m3-database", "m3-secrets"]);
  });
});

test("a change of a referenced Secret changes the pod template's hash, so the pods roll", async (t) => {
  await withOperator(async (cluster) => {
    await cluster.createPlatform("m3");
    await cluster.migrate();
    await deploymentsCount(cluster, DOMAINS.length);
    const hashOf = () => {
      const kb = cluster.objects("apps", "v1", "deployments").find((item) => item.metadata.name === "m3-kb");
      const spec = kb?.spec as
        | { template: { metadata: { annotations: Record<string, string> } } }
        | undefined;
      return spec?.template.metadata.annotations[SECRETS_HASH_ANNOTATION];
    };
    const before = hashOf();
    await cluster.core.patchNamespacedSecret(
      { name: "m3-secrets", namespace: NS, body: { data: { apiKey: b64("key-2") } } },
      MERGE,
    );
    const after = await eventually(() => (hashOf() !== before ? hashOf() : undefined));
    t.truthy(after);
    const generation = cluster
      .objects("apps", "v1", "deployments")
      .find((item) => item.metadata.name === "m3-kb")?.metadata.generation;
    t.is(generation, 2);
  });
});

test("a missing referenced Secret or a Deployment past its progress deadline sets Degraded with the reason and message", async (t) => {
  await withOperator(async (cluster) => {
    await cluster.createPlatform("m3", { database: { urlSecret: { name: "no-such-secret", key: "url" } } });
    const missing = await conditionBecomes(cluster, "m3", "Degraded", "True", "ApplyFailed");
    t.is(
      missing.status?.conditions?.find((item) => item.type === "Degraded")?.message,
      "referenced Secrets not found: no-such-secret",
    );
    await cluster.custom.patchNamespacedCustomObject(
      { ...PLATFORM, name: "m3", body: { spec: { database: { urlSecret: { name: "m3-database" } } } } },
      MERGE,
    );
    await conditionBecomes(cluster, "m3", "Degraded", "False", "AsExpected");
    await cluster.migrate();
    await deploymentsCount(cluster, DOMAINS.length);
    const kind = cluster.api.kind("apps", "v1", "deployments");
    const upload = cluster.api.store.get(kind, NS, "m3-upload");
    const message = 'ReplicaSet "m3-upload-5d9" has timed out progressing.';
    cluster.api.store.replace(
      kind,
      NS,
      "m3-upload",
      {
        ...upload,
        status: {
          conditions: [{ type: "Progressing", status: "False", reason: "ProgressDeadlineExceeded", message }],
        },
      },
      "status",
    );
    const stuck = await conditionBecomes(cluster, "m3", "Degraded", "True", "DeploymentFailing");
    t.is(stuck.status?.conditions?.find((item) => item.type === "Degraded")?.message, `upload: ${message}`);
  });
});

function tagOf(cluster: Cluster, domain: string): string | undefined {
  const image = imageOf(cluster, domain);
  return image?.slice(image.lastIndexOf(":") + 1);
}

function imageOf(cluster: Cluster, domain: string): string | undefined {
  const deployment = cluster
    .objects("apps", "v1", "deployments")
    .find((item) => item.metadata.name === `m3-${domain}`);
  const spec = deployment?.spec as { template: { spec: { containers: { image: string }[] } } } | undefined;
  return spec?.template.spec.containers[0]?.image;
}

async function readyAt(cluster: Cluster, version: string) {
  await cluster.migrate(version);
  await eventually(() => (DOMAINS.every((domain) => tagOf(cluster, domain) === version) ? true : undefined));
  cluster.markDeploymentsReady();
  return eventually(async () => {
    const platform = await cluster.readPlatform("m3");
    return platform.status?.version === version ? platform : undefined;
  });
}

test("an upgrade runs one migration Job for the new version and holds the domains at the old one until it succeeds", async (t) => {
  await withOperator(async (cluster) => {
    await cluster.createPlatform("m3");
    await readyAt(cluster, "1.4.0");
    await cluster.custom.patchNamespacedCustomObject(
      { ...PLATFORM, name: "m3", body: { spec: { version: "1.5.0" } } },
      MERGE,
    );
    const migrating = await conditionBecomes(cluster, "m3", "Migrated", "False", "Migrating");
    t.is(migrating.status?.version, "1.4.0");
    t.deepEqual(names(cluster, "batch", "v1", "jobs"), ["m3-migrate-1-5-0"]);
    for (const domain of DOMAINS) t.is(tagOf(cluster, domain), "1.4.0", `${domain} waits`);
    const upgraded = await readyAt(cluster, "1.5.0");
    t.is(upgraded.status?.conditions?.find((item) => item.type === "Migrated")?.reason, "MigrationSucceeded");
    for (const domain of DOMAINS) t.is(tagOf(cluster, domain), "1.5.0");
  });
});

test("a failed migration leaves the old version serving and sets Degraded with the Job's message", async (t) => {
  await withOperator(async (cluster) => {
    await cluster.createPlatform("m3");
    await readyAt(cluster, "1.4.0");
    await cluster.custom.patchNamespacedCustomObject(
      { ...PLATFORM, name: "m3", body: { spec: { version: "1.5.0" } } },
      MERGE,
    );
    await eventually(() =>
      names(cluster, "batch", "v1", "jobs").includes("m3-migrate-1-5-0") ? true : undefined,
    );
    cluster.finishJob("m3-migrate-1-5-0", "Job has reached the specified backoff limit");
    const failed = await conditionBecomes(cluster, "m3", "Degraded", "True", "MigrationFailed");
    t.is(
      failed.status?.conditions?.find((item) => item.type === "Degraded")?.message,
      "the migration to 1.5.0 failed: Job has reached the specified backoff limit",
    );
    t.like(failed.status, { version: "1.4.0", replicas: "7/7" });
    t.is(failed.status?.conditions?.find((item) => item.type === "Ready")?.status, "True");
    for (const domain of DOMAINS) t.is(tagOf(cluster, domain), "1.4.0");
  });
});

test("the backup CronJob's last run and last success show in the platform's status", async (t) => {
  await withOperator(async (cluster) => {
    await cluster.createPlatform("m3");
    await cluster.migrate();
    await eventually(() =>
      names(cluster, "batch", "v1", "cronjobs").includes("m3-backup") ? true : undefined,
    );
    const kind = cluster.api.kind("batch", "v1", "cronjobs");
    const cronJob = cluster.api.store.get(kind, NS, "m3-backup");
    const status = { lastScheduleTime: "2026-11-29T03:00:00Z", lastSuccessfulTime: "2026-11-28T03:04:10Z" };
    cluster.api.store.replace(kind, NS, "m3-backup", { ...cronJob, status }, "status");
    const platform = await eventually(async () => {
      const read = await cluster.readPlatform("m3");
      return read.status?.lastBackup ? read : undefined;
    });
    t.deepEqual(platform.status?.lastBackup, status);
  });
});
