/**
 * The operator beside what was there before it: the config service's discovery of its Services,
 * the optional Ingress and ServiceMonitor, and the adoption of the old chart's objects. Through
 * the Kubernetes API only (k3s or the stand-in).
 */
import { AppsV1Api, PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import test from "ava";
import { pino } from "pino";
import { startKubeDiscovery } from "../../../services/config/discovery/kube-discovery.js";
import { eventuallyFromApi } from "../../support/config/eventually.js";
import { deploymentsCount, named, namesBecome, withOperator } from "../../support/operator/cluster-reads.js";
import { type Cluster, startCluster } from "../../support/operator/operator-harness.js";
import { SERVICE_MONITOR_CRD } from "../../support/operator/service-monitor-crd.js";

const MERGE = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);

const appears = (cluster: Cluster, apiVersion: string, kind: string, name: string) =>
  eventuallyFromApi(() => named(cluster, apiVersion, kind, name));

test("the config service's discovery lists the platform's endpoints from the Services the operator made", async (t) => {
  await withOperator(async (cluster) => {
    await cluster.createPlatform("m3");
    await cluster.migrate();
    await eventuallyFromApi(async () =>
      (await cluster.objects("v1", "Service")).length === 7 ? true : undefined,
    );
    const discovery = await startKubeDiscovery({
      kubeConfig: cluster.config("m3-config"),
      namespace: cluster.namespace,
      logger: pino({ level: "silent" }),
    });
    try {
      const names = await eventuallyFromApi(() => {
        const listed = discovery.entries().flatMap((entry) => entry.names);
        return listed.length >= 9 ? listed : undefined;
      });
      t.deepEqual(names.sort(), [
        "annosaurus",
        "beholder",
        "charybdis",
        "oni",
        "panoptes",
        "skimmer",
        "vampire-squid",
        "vars-kb-server",
        "vars-user-server",
      ]);
    } finally {
      await discovery.close();
    }
    await appears(cluster, "rbac.authorization.k8s.io/v1", "RoleBinding", "m3-config");
    const config = await appears(cluster, "apps/v1", "Deployment", "m3-config");
    t.is(
      (config.spec as { template: { spec: { serviceAccountName: string } } }).template.spec
        .serviceAccountName,
      "m3-config",
    );
  });
});

test("an Ingress and, where its CRD is served, a ServiceMonitor come and go with the spec; without the CRD the platform still reconciles", async (t) => {
  await withOperator(async (cluster) => {
    await cluster.createPlatform("m3", {
      ingress: { enabled: true, host: "m3.example.org" },
      monitoring: { serviceMonitor: { enabled: true } },
    });
    await cluster.migrate();
    const degraded = await eventuallyFromApi(async () => {
      const platform = await cluster.readPlatform("m3");
      const condition = platform.status?.conditions?.find((item) => item.type === "Degraded");
      return condition?.status === "True" ? condition : undefined;
    });
    // Everything else is applied: the last object before the ServiceMonitor, once migrated.
    await namesBecome(cluster, "batch/v1", "CronJob", ["m3-backup"]);
    t.is((await cluster.objects("apps/v1", "Deployment")).length, 7);
    t.regex(
      degraded.message,
      /^ServiceMonitor m3: 404/,
      "a ServiceMonitor asked for on a cluster without its CRD is reported",
    );
    await cluster.custom.createClusterCustomObject({
      group: "apiextensions.k8s.io",
      version: "v1",
      plural: "customresourcedefinitions",
      body: SERVICE_MONITOR_CRD,
    });
    await appears(cluster, "monitoring.coreos.com/v1", "ServiceMonitor", "m3");
    await appears(cluster, "networking.k8s.io/v1", "Ingress", "m3-gateway");
    await cluster.custom.patchNamespacedCustomObject(
      {
        ...cluster.platform,
        name: "m3",
        body: { spec: { ingress: { enabled: false }, monitoring: { serviceMonitor: { enabled: false } } } },
      },
      MERGE,
    );
    await namesBecome(cluster, "monitoring.coreos.com/v1", "ServiceMonitor", []);
    await namesBecome(cluster, "networking.k8s.io/v1", "Ingress", []);
    t.pass();
  });
});

test("objects of the same names that another tool made (the old chart's) are adopted: the operator adds its owner reference and labels and keeps the rest", async (t) => {
  const cluster = await startCluster();
  try {
    const helmMeta = (name: string, component: string) => ({
      name,
      labels: {
        "app.kubernetes.io/name": "m3",
        "app.kubernetes.io/instance": "m3",
        "app.kubernetes.io/component": component,
        "app.kubernetes.io/managed-by": "Helm",
        "helm.sh/chart": "m3-0.9.0",
      },
      annotations: { "meta.helm.sh/release-name": "m3", "helm.sh/resource-policy": "keep" },
    });
    const selector = {
      "app.kubernetes.io/name": "m3",
      "app.kubernetes.io/instance": "m3",
      "app.kubernetes.io/component": "kb",
    };
    await cluster
      .config()
      .makeApiClient(AppsV1Api)
      .createNamespacedDeployment({
        namespace: cluster.namespace,
        body: {
          metadata: helmMeta("m3-kb", "kb"),
          spec: {
            replicas: 2,
            selector: { matchLabels: selector },
            template: {
              metadata: { labels: selector },
              spec: { containers: [{ name: "kb", image: "ghcr.io/example/m3:1.3.0" }] },
            },
          },
        },
      });
    await cluster.core.createNamespacedService({
      namespace: cluster.namespace,
      body: {
        metadata: helmMeta("m3-kb", "kb"),
        spec: { clusterIP: "None", selector, ports: [{ name: "grpc", port: 50051 }] },
      },
    });
    cluster.startOperator();
    const platform = await cluster.createPlatform("m3");
    await cluster.migrate();
    for (const [apiVersion, kind] of [
      ["apps/v1", "Deployment"],
      ["v1", "Service"],
    ] as const) {
      const adopted = await eventuallyFromApi(async () => {
        const found = await named(cluster, apiVersion, kind, "m3-kb");
        return found?.metadata.ownerReferences?.length ? found : undefined;
      });
      t.like(adopted.metadata.ownerReferences?.[0], {
        kind: "M3Platform",
        uid: platform.metadata.uid,
        controller: true,
      });
      t.is(adopted.metadata.labels?.["app.kubernetes.io/managed-by"], "m3-operator", kind);
      t.is(
        (adopted.metadata.annotations as Record<string, string> | undefined)?.["helm.sh/resource-policy"],
        "keep",
        "what the operator does not set is kept",
      );
    }
    const kb = await eventuallyFromApi(async () => {
      const found = await named(cluster, "apps/v1", "Deployment", "m3-kb");
      return found?.spec?.template.spec.containers[0]?.image === "ghcr.io/example/m3:1.4.0"
        ? found
        : undefined;
    });
    t.is(kb.spec?.replicas, 1, "the spec's replicas, not the old chart's");
    await cluster.custom.deleteNamespacedCustomObject({ ...cluster.platform, name: "m3" });
    await deploymentsCount(cluster, 0);
    t.pass("the adopted objects go with their M3Platform");
  } finally {
    await cluster.close();
  }
});
