/**
 * Everything a platform consists of, in the order it is applied (settings before the pods that
 * read them): the desired state the controller applies, and the one description of it.
 */
import { createHash } from "node:crypto";
import { DOMAIN_NAMES } from "../api/domain-names.js";
import type { M3Platform } from "../api/m3platform-schema.js";
import { backupCronJob } from "./backup-cron-job.js";
import { configAccessObjects } from "./config-access.js";
import { domainDeployment } from "./domain-deployment.js";
import { domainAutoscaler, domainDisruptionBudget, domainEnabled, domainService } from "./domain-scaling.js";
import { gatewayIngress, platformServiceMonitor } from "./gateway-exposure.js";
import { migrationJob } from "./migration-job.js";
import { platformConfigMap } from "./platform-config-map.js";
import { platformEgressPolicies } from "./platform-egress.js";
import { platformNetworkPolicies } from "./platform-network-policy.js";

export interface DesiredObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace: string; labels: Record<string, string> };
  [field: string]: unknown;
}

export interface OwnedKind {
  apiVersion: string;
  kind: string;
  plural: string;
  /**
   * A kind a cluster may not serve (its CRD belongs to another operator): not watched, and its
   * clean-up is skipped when the API server does not know it.
   */
  optional?: true;
}

/** The kinds a platform may own, for the watches and the clean-up of objects no longer desired. */
export const OWNED_KINDS: readonly OwnedKind[] = [
  { apiVersion: "v1", kind: "ConfigMap", plural: "configmaps" },
  { apiVersion: "v1", kind: "ServiceAccount", plural: "serviceaccounts" },
  { apiVersion: "rbac.authorization.k8s.io/v1", kind: "Role", plural: "roles" },
  { apiVersion: "rbac.authorization.k8s.io/v1", kind: "RoleBinding", plural: "rolebindings" },
  { apiVersion: "v1", kind: "Service", plural: "services" },
  { apiVersion: "apps/v1", kind: "Deployment", plural: "deployments" },
  { apiVersion: "autoscaling/v2", kind: "HorizontalPodAutoscaler", plural: "horizontalpodautoscalers" },
  { apiVersion: "policy/v1", kind: "PodDisruptionBudget", plural: "poddisruptionbudgets" },
  { apiVersion: "networking.k8s.io/v1", kind: "NetworkPolicy", plural: "networkpolicies" },
  { apiVersion: "batch/v1", kind: "CronJob", plural: "cronjobs" },
  { apiVersion: "batch/v1", kind: "Job", plural: "jobs" },
  { apiVersion: "networking.k8s.io/v1", kind: "Ingress", plural: "ingresses" },
  {
    apiVersion: "monitoring.coreos.com/v1",
    kind: "ServiceMonitor",
    plural: "servicemonitors",
    optional: true,
  },
];

/**
 * secretsData: the referenced Secrets' data by name (what the pods' secrets hash covers);
 * version: what the Deployments run (the migration gate's answer; none yet on a first install
 * whose migration has not succeeded, and then there are no Deployments).
 */
export function platformObjects(
  platform: M3Platform,
  secretsData: Record<string, unknown>,
  version: string | undefined,
): DesiredObject[] {
  const settings = platformConfigMap(platform);
  const objects: (object | undefined)[] = [
    settings,
    ...platformNetworkPolicies(platform),
    ...platformEgressPolicies(platform),
    migrationJob(platform),
    ...(domainEnabled(platform, "config") ? configAccessObjects(platform) : []),
  ];
  for (const domain of DOMAIN_NAMES.filter((name) => domainEnabled(platform, name))) {
    objects.push(
      domainService(platform, domain),
      version === undefined
        ? undefined
        : domainDeployment(platform, domain, {
            version,
            settingsHash: hashOf(settings.data),
            secretsHash: hashOf(secretsData),
          }),
      domainAutoscaler(platform, domain),
      domainDisruptionBudget(platform, domain),
    );
  }
  if (domainEnabled(platform, "gateway")) objects.push(gatewayIngress(platform));
  if (version !== undefined) objects.push(backupCronJob(platform, version));
  // Last: where its CRD is missing, its refusal leaves everything else applied.
  objects.push(platformServiceMonitor(platform));
  return objects.filter((object): object is DesiredObject => object !== undefined);
}

function hashOf(value: unknown): string {
  return createHash("sha256").update(stableJson(value)).digest("hex").slice(0, 16);
}

/** JSON with object keys sorted, so the same content always hashes the same. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
