/**
 * A ServiceMonitor asked for in another namespace than the platform's: refused, as the operator
 * writes only in its own namespace and cannot own an object elsewhere. In a file of its own: it
 * installs the ServiceMonitor CRD on its cluster, which platform-parity.test.ts's cluster must lack
 * at first. Through the Kubernetes API only (k3s or the stand-in).
 */
import { PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import test from "ava";
import { eventuallyFromApi } from "../../support/config/eventually.js";
import { deploymentsCount, named, namesBecome, withOperator } from "../../support/operator/cluster-reads.js";
import { SERVICE_MONITOR_CRD } from "../../support/operator/service-monitor-crd.js";

const MERGE = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);

test("a ServiceMonitor asked for in another namespace is refused in Degraded, naming it, and the one in the platform's namespace is removed; the rest stays applied", async (t) => {
  await withOperator(async (cluster) => {
    await cluster.custom.createClusterCustomObject({
      group: "apiextensions.k8s.io",
      version: "v1",
      plural: "customresourcedefinitions",
      body: SERVICE_MONITOR_CRD,
    });
    const relabelings = [{ sourceLabels: ["__meta_kubernetes_pod_node_name"], targetLabel: "node" }];
    await cluster.createPlatform("m3", {
      monitoring: { serviceMonitor: { enabled: true, namespace: cluster.namespace, relabelings } },
    });
    await cluster.migrate();
    const monitor = await eventuallyFromApi(() =>
      named(cluster, "monitoring.coreos.com/v1", "ServiceMonitor", "m3"),
    );
    const endpoints = (monitor.spec as { endpoints: { relabelings: unknown[] }[] }).endpoints;
    t.deepEqual(endpoints[0]?.relabelings.slice(1), relabelings);
    await cluster.custom.patchNamespacedCustomObject(
      {
        ...cluster.platform,
        name: "m3",
        body: { spec: { monitoring: { serviceMonitor: { namespace: "monitoring" } } } },
      },
      MERGE,
    );
    const degraded = await eventuallyFromApi(async () => {
      const platform = await cluster.readPlatform("m3");
      const condition = platform.status?.conditions?.find((item) => item.type === "Degraded");
      return condition?.status === "True" ? condition : undefined;
    });
    t.is(degraded.reason, "ApplyFailed");
    t.regex(degraded.message ?? "", /^spec\.monitoring\.serviceMonitor\.namespace monitoring refused: /);
    await namesBecome(cluster, "monitoring.coreos.com/v1", "ServiceMonitor", []);
    await deploymentsCount(cluster, 7);
  });
});
