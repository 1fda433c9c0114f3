/**
 * How the gateway is reached and watched from outside the platform: an Ingress (spec.ingress),
 * and a ServiceMonitor (spec.monitoring.serviceMonitor) scraping the gateway's /metrics on its
 * http port and each domain's on its metrics port (a Service without the port is skipped for
 * that endpoint), with the spec's relabelings after the builder's own. Each only when asked for:
 * the ServiceMonitor's kind exists only where the Prometheus operator is installed.
 */
import type { M3Platform } from "../api/m3platform-schema.js";
import { INSTANCE_LABEL, objectMeta, objectName } from "./platform-labels.js";

export function gatewayIngress(platform: M3Platform) {
  const ingress = platform.spec.ingress;
  if (!ingress?.enabled) return undefined;
  const meta = objectMeta(platform, "gateway");
  return {
    apiVersion: "networking.k8s.io/v1",
    kind: "Ingress",
    metadata: { ...meta, ...(ingress.annotations ? { annotations: ingress.annotations } : {}) },
    spec: {
      ...(ingress.className ? { ingressClassName: ingress.className } : {}),
      ...(ingress.tls?.length ? { tls: ingress.tls } : {}),
      rules: [
        {
          ...(ingress.host ? { host: ingress.host } : {}),
          http: {
            paths: [
              {
                path: ingress.path ?? "/",
                pathType: "Prefix",
                backend: { service: { name: objectName(platform, "gateway"), port: { name: "http" } } },
              },
            ],
          },
        },
      ],
    },
  };
}

/**
 * A ServiceMonitor namespace other than the platform's, which the operator refuses: its Role
 * writes in its own namespace only, and an object elsewhere could not carry the platform as its
 * owner (deleting the platform would leave it behind).
 */
export function serviceMonitorElsewhere(platform: M3Platform): string | undefined {
  const wanted = platform.spec.monitoring?.serviceMonitor;
  const namespace = wanted?.enabled ? wanted.namespace : undefined;
  return namespace !== undefined && namespace !== platform.metadata.namespace ? namespace : undefined;
}

export function platformServiceMonitor(platform: M3Platform) {
  const wanted = platform.spec.monitoring?.serviceMonitor;
  if (!wanted?.enabled || serviceMonitorElsewhere(platform) !== undefined) return undefined;
  const meta = objectMeta(platform, "monitoring", platform.metadata.name);
  const relabelings = [
    {
      sourceLabels: ["__meta_kubernetes_service_label_app_kubernetes_io_component"],
      targetLabel: "component",
    },
    ...(wanted.relabelings ?? []),
  ];
  return {
    apiVersion: "monitoring.coreos.com/v1",
    kind: "ServiceMonitor",
    metadata: { ...meta, labels: { ...meta.labels, ...wanted.labels } },
    spec: {
      namespaceSelector: { matchNames: [platform.metadata.namespace] },
      selector: {
        matchLabels: {
          "app.kubernetes.io/name": "m3",
          [INSTANCE_LABEL]: platform.metadata.name,
          "app.kubernetes.io/part-of": "m3",
        },
      },
      endpoints: ["http", "metrics"].map((port) => ({
        port,
        path: "/metrics",
        scheme: "http",
        interval: wanted.interval ?? "30s",
        scrapeTimeout: wanted.scrapeTimeout ?? "10s",
        relabelings,
        ...(wanted.metricRelabelings?.length ? { metricRelabelings: wanted.metricRelabelings } : {}),
      })),
    },
  };
}
