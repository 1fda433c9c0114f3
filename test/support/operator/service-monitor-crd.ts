/** The Prometheus operator's CRD, as a cluster that runs it serves (its schema cut to keeping every field). */
export const SERVICE_MONITOR_CRD = {
  apiVersion: "apiextensions.k8s.io/v1",
  kind: "CustomResourceDefinition",
  metadata: { name: "servicemonitors.monitoring.coreos.com" },
  spec: {
    group: "monitoring.coreos.com",
    scope: "Namespaced",
    names: { plural: "servicemonitors", singular: "servicemonitor", kind: "ServiceMonitor" },
    versions: [
      {
        name: "v1",
        served: true,
        storage: true,
        schema: { openAPIV3Schema: { type: "object", "x-kubernetes-preserve-unknown-fields": true } },
      },
    ],
  },
};
