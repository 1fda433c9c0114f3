/**
 * spec.monitoring: scraping by the Prometheus operator. Its own file, spread into the spec by
 * platform-reach-schema.ts.
 */
import type { SchemaNode } from "./schema-types.js";

const relabelConfigs = (description: string) =>
  ({
    type: "array",
    items: {
      type: "object",
      "x-kubernetes-preserve-unknown-fields": true,
      description: "A monitoring.coreos.com/v1 RelabelConfig.",
    },
    description,
  }) as const;

export const MONITORING_SPEC = {
  type: "object",
  description: "Scraping by the Prometheus operator.",
  properties: {
    serviceMonitor: {
      type: "object",
      description:
        "A ServiceMonitor (monitoring.coreos.com/v1) of the gateway's and domains' /metrics; turn it on only where that CRD is installed.",
      properties: {
        enabled: { type: "boolean", default: false, description: "Whether to render the ServiceMonitor." },
        namespace: {
          type: "string",
          description:
            "Its namespace: only the platform's own is accepted (the operator writes in its own namespace, and an object elsewhere could not be owned by the platform); another is refused in the Degraded condition. Let Prometheus select this namespace instead (its serviceMonitorNamespaceSelector).",
        },
        labels: {
          type: "object",
          additionalProperties: { type: "string" },
          description: "Its extra labels, e.g. `release: kube-prometheus-stack`.",
        },
        interval: { type: "string", default: "30s", description: "The scrape interval." },
        scrapeTimeout: { type: "string", default: "10s", description: "The scrape timeout." },
        relabelings: relabelConfigs(
          "More relabelings of the targets, after the one copying the Service's component label to `component`.",
        ),
        metricRelabelings: relabelConfigs("Relabelings of the scraped samples, e.g. to drop series."),
      },
    },
  },
} as const satisfies SchemaNode;
