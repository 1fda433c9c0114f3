/**
 * Who may reach a platform's pods: the gateway from anywhere on its HTTP port; the domains'
 * gRPC ports only from the platform's own pods (the gateway and the domains that call each
 * other); metrics from anywhere in the namespace's monitoring reach.
 */
import { DOMAIN_PORTS } from "../api/domain-names.js";
import type { M3Platform } from "../api/m3platform-schema.js";
import { METRICS_PORT } from "./platform-config-map.js";
import { INSTANCE_LABEL, objectMeta } from "./platform-labels.js";

export function platformNetworkPolicies(platform: M3Platform) {
  const instance = { "app.kubernetes.io/name": "m3", [INSTANCE_LABEL]: platform.metadata.name };
  const gateway = { ...instance, "app.kubernetes.io/component": "gateway" };
  const grpcPorts = Object.entries(DOMAIN_PORTS)
    .filter(([domain]) => domain !== "gateway")
    .map(([, port]) => ({ port, protocol: "TCP" }));
  return [
    {
      apiVersion: "networking.k8s.io/v1",
      kind: "NetworkPolicy",
      metadata: objectMeta(platform, "gateway"),
      spec: {
        podSelector: { matchLabels: gateway },
        policyTypes: ["Ingress"],
        ingress: [{ ports: [{ port: DOMAIN_PORTS.gateway, protocol: "TCP" }] }],
      },
    },
    {
      apiVersion: "networking.k8s.io/v1",
      kind: "NetworkPolicy",
      metadata: objectMeta(platform, "domains"),
      spec: {
        podSelector: {
          matchLabels: instance,
          matchExpressions: [{ key: "app.kubernetes.io/component", operator: "NotIn", values: ["gateway"] }],
        },
        policyTypes: ["Ingress"],
        ingress: [
          { from: [{ podSelector: { matchLabels: instance } }], ports: grpcPorts },
          { ports: [{ port: METRICS_PORT, protocol: "TCP" }] },
        ],
      },
    },
  ];
}
