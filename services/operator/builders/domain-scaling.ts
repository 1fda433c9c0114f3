/** A domain's Service, HorizontalPodAutoscaler and PodDisruptionBudget. */
import { DOMAIN_PORTS, type DomainName } from "../api/domain-names.js";
import type { DomainSpec, M3Platform } from "../api/m3platform-schema.js";
import { objectMeta, objectName, selectorLabels } from "./platform-labels.js";

export function domainService(platform: M3Platform, domain: DomainName) {
  const port = DOMAIN_PORTS[domain];
  const name = domain === "gateway" ? "http" : "grpc";
  return {
    apiVersion: "v1",
    kind: "Service",
    metadata: objectMeta(platform, domain),
    spec: {
      type: "ClusterIP",
      selector: selectorLabels(platform, domain),
      ports: [
        {
          name,
          port,
          targetPort: name,
          protocol: "TCP",
          ...(name === "grpc" ? { appProtocol: "grpc" } : {}),
        },
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
