/** A domain's Service, HorizontalPodAutoscaler and PodDisruptionBudget. */
import { DOMAIN_PORTS, type DomainName } from "../api/domain-names.js";
import type { DomainSpec, M3Platform } from "../api/m3platform-schema.js";
import { discoveryAnnotations } from "./domain-discovery.js";
import { METRICS_PORT } from "./platform-config-map.js";
import { objectMeta, objectName, selectorLabels } from "./platform-labels.js";
import { zeroMqServicePorts } from "./zeromq-feed.js";

/**
 * A domain's Service: headless for the gRPC domains, so its name resolves to every ready pod and
 * callers balance over them (the dns:/// addresses of platform-config-map.ts); carrying the
 * `m3.io/*` annotations the config service lists the domain by.
 */
export function domainService(platform: M3Platform, domain: DomainName) {
  const port = DOMAIN_PORTS[domain];
  const meta = objectMeta(platform, domain);
  const annotations = discoveryAnnotations(platform, domain);
  if (domain === "gateway") {
    const service = platform.spec.gatewayService;
    return {
      apiVersion: "v1",
      kind: "Service",
      metadata: service?.annotations ? { ...meta, annotations: service.annotations } : meta,
      spec: {
        type: service?.type ?? "ClusterIP",
        selector: selectorLabels(platform, domain),
        ports: [{ name: "http", port, targetPort: "http", protocol: "TCP", appProtocol: "http" }],
      },
    };
  }
  return {
    apiVersion: "v1",
    kind: "Service",
    metadata: Object.keys(annotations).length > 0 ? { ...meta, annotations } : meta,
    spec: {
      type: "ClusterIP",
      clusterIP: "None",
      selector: selectorLabels(platform, domain),
      ports: [
        { name: "grpc", port, targetPort: "grpc", protocol: "TCP", appProtocol: "grpc" },
        { name: "metrics", port: METRICS_PORT, targetPort: "metrics", protocol: "TCP" },
        ...zeroMqServicePorts(platform, domain),
      ],
    },
  };
}

export function domainAutoscaler(platform: M3Platform, domain: DomainName) {
  const autoscaling = domainSpecOf(platform, domain).autoscaling;
  if (!autoscaling?.enabled) return undefined;
  return {
    apiVersion: "autoscaling/v2",
    kind: "HorizontalPodAutoscaler",
    metadata: objectMeta(platform, domain),
    spec: {
      scaleTargetRef: { apiVersion: "apps/v1", kind: "Deployment", name: objectName(platform, domain) },
      minReplicas: autoscaling.minReplicas ?? 1,
      maxReplicas: autoscaling.maxReplicas ?? 3,
      metrics: [
        {
          type: "Resource",
          resource: {
            name: "cpu",
            target: {
              type: "Utilization",
              averageUtilization: autoscaling.targetCPUUtilizationPercentage ?? 75,
            },
          },
        },
      ],
    },
  };
}

/** Only for a domain that may run more than one pod: a budget on a single pod blocks node drains. */
export function domainDisruptionBudget(platform: M3Platform, domain: DomainName) {
  const spec = domainSpecOf(platform, domain);
  const most = spec.autoscaling?.enabled ? (spec.autoscaling.maxReplicas ?? 3) : (spec.replicas ?? 1);
  if (most < 2) return undefined;
  return {
    apiVersion: "policy/v1",
    kind: "PodDisruptionBudget",
    metadata: objectMeta(platform, domain),
    spec: {
      minAvailable: spec.disruptionBudget?.minAvailable ?? 1,
      selector: { matchLabels: selectorLabels(platform, domain) },
    },
  };
}

export function domainSpecOf(platform: M3Platform, domain: DomainName): DomainSpec {
  return platform.spec.domains?.[domain] ?? {};
}

export function domainEnabled(platform: M3Platform, domain: DomainName): boolean {
  return domainSpecOf(platform, domain).enabled !== false;
}
