/**
 * Who may reach a platform's pods: the gateway on its HTTP port from anywhere, or from
 * spec.networkPolicy.gatewayFrom and the platform's own config service (it polls health through
 * the gateway) and `helm test` Pod; the domains' gRPC ports only from the platform's own pods
 * (the gateway and the domains that call each other); metrics from anywhere, or from
 * spec.networkPolicy.metricsFrom (the gateway serves its metrics on its HTTP port).
 */
import { DOMAIN_PORTS } from "../api/domain-names.js";
import type { M3Platform } from "../api/m3platform-schema.js";
import { METRICS_PORT } from "./platform-config-map.js";
import { INSTANCE_LABEL, objectMeta } from "./platform-labels.js";
import { zeroMqIngress } from "./zeromq-feed.js";

export function platformNetworkPolicies(platform: M3Platform) {
  const instance = { "app.kubernetes.io/name": "m3", [INSTANCE_LABEL]: platform.metadata.name };
  const gateway = { ...instance, "app.kubernetes.io/component": "gateway" };
  const { gatewayFrom, metricsFrom } = platform.spec.networkPolicy ?? {};
  const http = [{ port: DOMAIN_PORTS.gateway, protocol: "TCP" }];
  const own = (component: string) => ({
    podSelector: { matchLabels: { ...instance, "app.kubernetes.io/component": component } },
  });
  const gatewayIngress = gatewayFrom?.length
    ? [
        { from: [...gatewayFrom, own("config"), own("test")], ports: http },
        ...(metricsFrom?.length ? [{ from: metricsFrom, ports: http }] : []),
      ]
    : [{ ports: http }];
  const metrics = [{ port: METRICS_PORT, protocol: "TCP" }];
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
        ingress: gatewayIngress,
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
          metricsFrom?.length ? { from: metricsFrom, ports: metrics } : { ports: metrics },
          ...zeroMqIngress(platform),
        ],
      },
    },
  ];
}
