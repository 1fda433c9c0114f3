import { AppsV1Api, CustomObjectsApi, PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import test from "ava";
import { pino } from "pino";
import { startKubeDiscovery } from "../../../services/config/discovery/kube-discovery.js";
import { eventually } from "../../support/config/eventually.js";
import { type Cluster, NS, PLATFORM, startCluster } from "../../support/operator/operator-harness.js";

const MERGE = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);

async function withOperator(run: (cluster: Cluster) => Promise<void>) {
  const cluster = await startCluster();
  try {
    cluster.startOperator();
    await run(cluster);
  } finally {
    await cluster.close();
  }
}

const named = (cluster: Cluster, group: string, plural: string, name: string) =>
  eventually(() => cluster.objects(group, "v1", plural).find((object) => object.metadata.name === name));

/** The Prometheus operator's CRD, as a cluster that runs it serves (only what the stand-in reads). */
const SERVICE_MONITOR_CRD = {
  apiVersion: "apiextensions.k8s.io/v1",
  kind: "CustomResourceDefinition",
  metadata: { name: "servicemonitors.monitoring.coreos.com" },
  spec: {
    group: "monitoring.coreos.com",
    scope: "Namespaced",
    names: { plural: "servicemonitors", singular: "servicemonitor", kind: "ServiceMonitor" },
    versions: [{ name: "v1", served: true, storage: true, schema: { openAPIV3Schema: { type: "object" } } }],
  },
};

test("the config service's discovery lists the platform's endpoints from the Services the operator made", async (t) => {
  await withOperator(async (cluster) => {
    await cluster.createPlatform("m3");
    await cluster.migrate();
    await eventually(() => (cluster.objects("", "v1", "services").length === 7 ? true : undefined));
    const discovery = await startKubeDiscovery({
      kubeConfig: cluster.config("m3-config"),
      namespace: NS,
      logger: pino({ level: "silent" }),
    });
    try {
      const names = await eventually(() => {
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
    await named(cluster, "rbac.authorization.k8s.io", "rolebindings", "m3-config");
    const config = await named(cluster, "apps", "deployments", "m3-config");
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
    const degraded = await eventually(async () => {
      const platform = await cluster.readPlatform("m3");
      const condition = platform.status?.conditions?.find((item) => item.type === "Degraded");
      return condition?.status === "True" ? condition : undefined;
    });
    // Everything else is applied: the last object before the ServiceMonitor, once migrated.
    await eventually(() => (cluster.objects("batch", "v1", "cronjobs").length === 1 ? true : undefined));
    t.is(cluster.objects("apps", "v1", "deployments").length, 7);
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
    await named(cluster, "monitoring.coreos.com", "servicemonitors", "m3");
    await named(cluster, "networking.k8s.io", "ingresses", "m3-gateway");
    await cluster.custom.patchNamespacedCustomObject(
      {
        ...PLATFORM,
        name: "m3",
        body: { spec: { ingress: { enabled: false }, monitoring: { serviceMonitor: { enabled: false } } } },
      },
      MERGE,
    );
    await eventually(() =>
      cluster.objects("monitoring.coreos.com", "v1", "servicemonitors").length +
        cluster.objects("networking.k8s.io", "v1", "ingresses").length ===
      0
        ? true
        : undefined,
    );
    t.pass();
  });
});

test("a ServiceMonitor asked for in another namespace is refused in Degraded, naming it, and the one in the platform's namespace is removed; the rest stays applied", async (t) => {
  await withOperator(async (cluster) => {
    const custom = cluster.config().makeApiClient(CustomObjectsApi);
    await custom.createClusterCustomObject({
      group: "apiextensions.k8s.io",
      version: "v1",
      plural: "customresourcedefinitions",
      body: SERVICE_MONITOR_CRD,
    });
    const relabelings = [{ sourceLabels: ["__meta_kubernetes_pod_node_name"], targetLabel: "node" }];
    await cluster.createPlatform("m3", {
      monitoring: { serviceMonitor: { enabled: true, namespace: NS, relabelings } },
    });
    await cluster.migrate();
    const monitor = await named(cluster, "monitoring.coreos.com", "servicemonitors", "m3");
    const endpoints = (monitor.spec as { endpoints: { relabelings: unknown[] }[] }).endpoints;
    t.deepEqual(endpoints[0]?.relabelings.slice(1), relabelings);
    await custom.patchNamespacedCustomObject(
      {
        ...PLATFORM,
        name: "m3",
        body: { spec: { monitoring: { serviceMonitor: { namespace: "monitoring" } } } },
      },
      MERGE,
    );
    const degraded = await eventually(async () => {
      const platform = await cluster.readPlatform("m3");
      const condition = platform.status?.conditions?.find((item) => item.type === "Degraded");
      return condition?.status === "True" ? condition : undefined;
    });
    t.is(degraded.reason, "ApplyFailed");
    t.regex(degraded.message, /^spec\.monitoring\.serviceMonitor\.namespace monitoring refused: /);
    await eventually(() =>
      cluster.objects("monitoring.coreos.com", "v1", "servicemonitors").length === 0 ? true : undefined,
    );
    t.is(cluster.objects("apps", "v1", "deployments").length, 7);
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
        namespace: NS,
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
      namespace: NS,
      body: {
        metadata: helmMeta("m3-kb", "kb"),
        spec: { clusterIP: "None", selector, ports: [{ name: "grpc", port: 50051 }] },
      },
    });
    cluster.startOperator();
    const platform = await cluster.createPlatform("m3");
    await cluster.migrate();
    for (const [group, plural] of [
      ["apps", "deployments"],
      ["", "services"],
    ] as const) {
      const adopted = await eventually(() => {
        const found = cluster.objects(group, "v1", plural).find((object) => object.metadata.name === "m3-kb");
        return found?.metadata.ownerReferences?.length ? found : undefined;
      });
      t.like(adopted.metadata.ownerReferences?.[0], {
        kind: "M3Platform",
        uid: platform.metadata.uid,
        controller: true,
      });
      t.is(adopted.metadata.labels?.["app.kubernetes.io/managed-by"], "m3-operator", plural);
      t.is(
        (adopted.metadata.annotations as Record<string, string> | undefined)?.["helm.sh/resource-policy"],
        "keep",
        "what the operator does not set is kept",
      );
    }
    const kb = await eventually(() => {
      const found = cluster
        .objects("apps", "v1", "deployments")
        .find((object) => object.metadata.name === "m3-kb");
      const image = (found?.spec as { template: { spec: { containers: { image: string }[] } } } | undefined)
        ?.template.spec.containers[0]?.image;
      return image === "ghcr.io/example/m3:1.4.0" ? found : undefined;
    });
    t.is((kb.spec as { replicas: number }).replicas, 1, "the spec's replicas, not the old chart's");
    await cluster.custom.deleteNamespacedCustomObject({ ...PLATFORM, name: "m3" });
    await eventually(() => (cluster.objects("apps", "v1", "deployments").length === 0 ? true : undefined));
    t.pass("the adopted objects go with their M3Platform");
  } finally {
    await cluster.close();
  }
});
