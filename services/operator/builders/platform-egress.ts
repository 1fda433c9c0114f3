/**
 * Where a platform's pods may connect, when spec.networkPolicy.egress.enabled: one Egress policy
 * per component, `<platform>-egress-<component>`. Every pod resolves names (DNS); the gateway
 * reaches the domains' gRPC ports (and NATS); the database domains, the migration Job and the
 * backup reach the database ports; annotation asks the kb (box queries' descendants, relabels); upload and the backup the object store; capture fetches videos
 * (and asks the registry); config reads the Kubernetes API and asks the gateway and the kb. The
 * database and object store URLs are in Secrets, so their ports and peers are the spec's
 * (defaults: MySQL's and PostgreSQL's, MinIO's), not derived.
 */
import { DOMAIN_NAMES, DOMAIN_PORTS, type DomainName } from "../api/domain-names.js";
import type { M3Platform } from "../api/m3platform-schema.js";
import { domainEnabled } from "./domain-scaling.js";
import { INSTANCE_LABEL, objectMeta, objectName } from "./platform-labels.js";

type Rule = { to?: unknown[]; ports: { port: number; protocol: string }[] };

const tcp = (ports: readonly number[]) => ports.map((port) => ({ port, protocol: "TCP" }));

export function platformEgressPolicies(platform: M3Platform) {
  const egress = platform.spec.networkPolicy?.egress;
  if (!egress?.enabled) return [];
  const instance = { "app.kubernetes.io/name": "m3", [INSTANCE_LABEL]: platform.metadata.name };
  const pods = (component: string) => [
    { podSelector: { matchLabels: { ...instance, "app.kubernetes.io/component": component } } },
  ];
  const peers = (to: unknown[] | undefined) => (to?.length ? { to } : {});
  const dns: Rule = { ports: [{ port: 53, protocol: "UDP" }, ...tcp([53])] };
  const database: Rule = { ...peers(egress.databaseTo), ports: tcp(egress.databasePorts ?? [3306, 5432]) };
  const objectStore: Rule = { ...peers(egress.objectStoreTo), ports: tcp([egress.objectStorePort ?? 9000]) };
  const nats: Rule[] = platform.spec.nats?.url ? [{ ports: tcp([egress.natsPort ?? 4222]) }] : [];
  const domain = (name: DomainName): Rule[] =>
    domainEnabled(platform, name) ? [{ to: pods(name), ports: tcp([DOMAIN_PORTS[name]]) }] : [];
  const rules: Partial<Record<string, Rule[]>> = {
    gateway: [...DOMAIN_NAMES.filter((name) => name !== "gateway").flatMap(domain), ...nats],
    kb: [database],
    annotation: [database, ...nats, ...domain("kb")],
    registry: [database],
    upload: [objectStore],
    capture: [{ ports: tcp(egress.captureFetchPorts ?? [80, 443]) }, ...domain("registry")],
    config: [
      { ...peers(egress.kubeApiTo), ports: tcp(egress.kubeApiPorts ?? [443, 6443]) },
      ...domain("gateway"),
      ...domain("kb"),
    ],
    migrate: [database],
    backup: [database, objectStore],
  };
  const components = [...DOMAIN_NAMES.filter((name) => domainEnabled(platform, name)), "migrate", "backup"];
  return components.map((component) => ({
    apiVersion: "networking.k8s.io/v1",
    kind: "NetworkPolicy",
    metadata: objectMeta(platform, component, objectName(platform, `egress-${component}`)),
    spec: {
      podSelector: { matchLabels: { ...instance, "app.kubernetes.io/component": component } },
      policyTypes: ["Egress"],
      egress: [dns, ...(rules[component] ?? []), ...(egress.extra ?? [])],
    },
  }));
}
