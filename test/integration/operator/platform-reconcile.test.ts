/**
 * The operator's reconcile of an M3Platform: create, scale, drift, deletion, a Secret's change,
 * Degraded and the backup's report. Through the Kubernetes API only, so the same tests run on k3s
 * and on the stand-in; the tests play the Deployment, Job and CronJob controllers.
 */
import { AppsV1Api, PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import test from "ava";
import { SECRETS_HASH_ANNOTATION } from "../../../services/operator/builders/domain-deployment.js";
import { eventuallyFromApi } from "../../support/config/eventually.js";
import {
  DOMAINS,
  deploymentsCount,
  imageOf,
  named,
  names,
  namesBecome,
  withOperator,
} from "../../support/operator/cluster-reads.js";
import { b64, conditionBecomes } from "../../support/operator/operator-harness.js";

const MERGE = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);

test("a new M3Platform gets its owned Deployments, Services, settings, network policies and backup CronJob, and Progressing until the pods are ready", async (t) => {
  await withOperator(async (cluster) => {
    const platform = await cluster.createPlatform("m3");
    const migrating = await conditionBecomes(cluster, "m3", "Migrated", "False", "Migrating");
    t.deepEqual(
      await names(cluster, "apps/v1", "Deployment"),
      [],
      "no Deployment before the schema is migrated",
    );
    t.is(migrating.status?.conditions?.find((item) => item.type === "Progressing")?.status, "True");
    t.deepEqual(await names(cluster, "batch/v1", "Job"), ["m3-migrate-1-4-0"]);
    await cluster.migrate();
    await deploymentsCount(cluster, DOMAINS.length);
    const progressing = await conditionBecomes(cluster, "m3", "Progressing", "True", "RollingOut");
    t.like(progressing.status, { observedGeneration: 1, replicas: "0/7" });
    t.is(progressing.status?.conditions?.find((item) => item.type === "Ready")?.reason, "DomainsNotReady");
    t.is(progressing.status?.version, undefined);
    await namesBecome(cluster, "batch/v1", "CronJob", ["m3-backup"]);
    const perDomain = DOMAINS.map((domain) => `m3-${domain}`);
    t.deepEqual(await names(cluster, "apps/v1", "Deployment"), perDomain);
    t.deepEqual(await names(cluster, "v1", "Service"), perDomain);
    t.deepEqual(await names(cluster, "v1", "ConfigMap"), ["m3-settings"]);
    t.deepEqual(await names(cluster, "networking.k8s.io/v1", "NetworkPolicy"), ["m3-domains", "m3-gateway"]);
    for (const kind of ["Deployment", "Service"]) {
      for (const object of await cluster.objects(kind === "Deployment" ? "apps/v1" : "v1", kind)) {
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
      .readNamespacedDeployment({ name: "m3-kb", namespace: cluster.namespace });
    const container = kb.spec?.template.spec?.containers[0];
    t.is(container?.image, "ghcr.io/example/m3:1.4.0");
    t.deepEqual(container?.args, ["kb"]);
    t.is(
      await imageOf(cluster, "capture"),
      "ghcr.io/example/m3-capture:1.4.0",
      "capture runs its own image (with ffmpeg)",
    );
    t.like(container?.env?.find((env) => env.name === "M3_DATABASE_URL")?.valueFrom?.secretKeyRef, {
      name: "m3-database",
      key: "url",
    });

    await cluster.controllers.markDeploymentsReady();
    const ready = await conditionBecomes(cluster, "m3", "Ready", "True", "AllDomainsReady");
    t.like(ready.status, {
      version: "1.4.0",
      replicas: "7/7",
      domains: { kb: { replicas: 1, readyReplicas: 1 } },
    });
    t.is(ready.status?.conditions?.find((item) => item.type === "Progressing")?.status, "False");
    t.is(ready.status?.conditions?.find((item) => item.type === "Degraded")?.status, "False");
    const events = await cluster.core.listNamespacedEvent({ namespace: cluster.namespace });
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
        ...cluster.platform,
        name: "m3",
        body: {
          spec: {
            domains: { registry: { replicas: 3 }, kb: { autoscaling: { enabled: true, maxReplicas: 5 } } },
          },
        },
      },
      MERGE,
    );
    const registry = await eventuallyFromApi(async () => {
      const found = await named(cluster, "apps/v1", "Deployment", "m3-registry");
      return found?.spec?.replicas === 3 ? found : undefined;
    });
    t.truthy(registry);
    await namesBecome(cluster, "autoscaling/v2", "HorizontalPodAutoscaler", ["m3-kb"]);
    await namesBecome(cluster, "policy/v1", "PodDisruptionBudget", ["m3-kb", "m3-registry"]);
    const [hpa] = await cluster.objects("autoscaling/v2", "HorizontalPodAutoscaler");
    t.like(hpa?.spec, {
      minReplicas: 1,
      maxReplicas: 5,
      scaleTargetRef: { kind: "Deployment", name: "m3-kb" },
    });

    await cluster.custom.patchNamespacedCustomObject(
      {
        ...cluster.platform,
        name: "m3",
        body: { spec: { domains: { kb: { autoscaling: { enabled: false } } } } },
      },
      MERGE,
    );
    await namesBecome(cluster, "autoscaling/v2", "HorizontalPodAutoscaler", []);
    await namesBecome(cluster, "policy/v1", "PodDisruptionBudget", ["m3-registry"]);
    const events = await cluster.core.listNamespacedEvent({ namespace: cluster.namespace });
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
    const { namespace } = cluster;
    await apps.patchNamespacedDeployment(
      {
        name: "m3-kb",
        namespace,
        body: {
          metadata: { labels: { team: "media" } },
          spec: { template: { spec: { containers: [{ name: "kb", image: "evil:1" }] } } },
        },
      },
      MERGE,
    );
    const corrected = await eventuallyFromApi(async () => {
      const kb = await apps.readNamespacedDeployment({ name: "m3-kb", namespace });
      return kb.spec?.template.spec?.containers[0]?.image === "ghcr.io/example/m3:1.4.0" ? kb : undefined;
    });
    t.is(corrected.metadata?.labels?.team, "media");
    t.deepEqual(corrected.spec?.template.spec?.containers[0]?.args, ["kb"]);
    await cluster.core.deleteNamespacedService({ name: "m3-registry", namespace });
    t.truthy(await eventuallyFromApi(() => named(cluster, "v1", "Service", "m3-registry")));
  });
});

test("deleting the M3Platform removes everything it owned (the garbage collector, by owner references)", async (t) => {
  await withOperator(async (cluster) => {
    await cluster.createPlatform("m3");
    await cluster.migrate();
    await deploymentsCount(cluster, DOMAINS.length);
    await namesBecome(cluster, "batch/v1", "CronJob", ["m3-backup"]);
    await cluster.custom.deleteNamespacedCustomObject({ ...cluster.platform, name: "m3" });
    await deploymentsCount(cluster, 0);
    await namesBecome(cluster, "v1", "Service", []);
    await namesBecome(cluster, "v1", "ConfigMap", []);
    await namesBecome(cluster, "batch/v1", "CronJob", []);
    t.deepEqual(await names(cluster, "v1", "Secret"), ["m3-database", "m3-secrets"]);
  });
});

test("a change of a referenced Secret changes the pod template's hash, so the pods roll", async (t) => {
  await withOperator(async (cluster) => {
    await cluster.createPlatform("m3");
    await cluster.migrate();
    await deploymentsCount(cluster, DOMAINS.length);
    const kbDeployment = () => named(cluster, "apps/v1", "Deployment", "m3-kb");
    const hashOf = async () =>
      (await kbDeployment())?.spec?.template.metadata.annotations[SECRETS_HASH_ANNOTATION] as
        | string
        | undefined;
    const before = await hashOf();
    await cluster.core.patchNamespacedSecret(
      { name: "m3-secrets", namespace: cluster.namespace, body: { data: { apiKey: b64("key-2") } } },
      MERGE,
    );
    const after = await eventuallyFromApi(async () => {
      const hash = await hashOf();
      return hash !== before ? hash : undefined;
    });
    t.truthy(after);
    t.is((await kbDeployment())?.metadata.generation, 2);
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
      {
        ...cluster.platform,
        name: "m3",
        body: { spec: { database: { urlSecret: { name: "m3-database" } } } },
      },
      MERGE,
    );
    await conditionBecomes(cluster, "m3", "Degraded", "False", "AsExpected");
    await cluster.migrate();
    await deploymentsCount(cluster, DOMAINS.length);
    const message = 'ReplicaSet "m3-upload-5d9" has timed out progressing.';
    await cluster.controllers.stallDeployment("m3-upload", message);
    const stuck = await conditionBecomes(cluster, "m3", "Degraded", "True", "DeploymentFailing");
    t.is(stuck.status?.conditions?.find((item) => item.type === "Degraded")?.message, `upload: ${message}`);
  });
});

test("the backup CronJob's last run and last success show in the platform's status", async (t) => {
  await withOperator(async (cluster) => {
    await cluster.createPlatform("m3");
    await cluster.migrate();
    await eventuallyFromApi(() => named(cluster, "batch/v1", "CronJob", "m3-backup"));
    const status = { lastScheduleTime: "2026-11-29T03:00:00Z", lastSuccessfulTime: "2026-11-28T03:04:10Z" };
    await cluster.controllers.reportCronJob("m3-backup", status);
    const platform = await eventuallyFromApi(async () => {
      const read = await cluster.readPlatform("m3");
      return read.status?.lastBackup ? read : undefined;
    });
    t.deepEqual(platform.status?.lastBackup, status);
  });
});
