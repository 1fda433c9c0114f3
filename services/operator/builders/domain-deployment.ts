/**
 * One domain's Deployment: the platform's image at spec.version, the domain's command word,
 * the shared settings by envFrom, secrets by secretKeyRef, gRPC probes, non-root read-only
 * containers. The pod template carries a hash of the settings and of the referenced Secrets'
 * contents, so a change of either rolls the pods.
 */
import { DATABASE_DOMAINS, DOMAIN_PORTS, type DomainName } from "../api/domain-names.js";
import type { DomainSpec, M3Platform } from "../api/m3platform-schema.js";
import { configServiceAccountName } from "./config-access.js";
import {
  containerSecurity,
  podSecurity,
  podVolumes,
  processCommand,
  processEnv,
  pullPolicy,
  pullSecrets,
  volumeMounts,
} from "./container-runtime.js";
import { databaseEnv, databaseSecretNames, fromSecret } from "./database-env.js";
import { apiKeyEnvName, discoveredDomains } from "./domain-discovery.js";
import { domainEnabled } from "./domain-scaling.js";
import { METRICS_PORT } from "./platform-config-map.js";
import { objectMeta, objectName, selectorLabels } from "./platform-labels.js";
import { platformSecretKeys } from "./platform-secret-keys.js";
import { zeroMqContainerPorts, zeroMqEnv } from "./zeromq-feed.js";

export const SETTINGS_HASH_ANNOTATION = "m3.io/settings-hash";
export const SECRETS_HASH_ANNOTATION = "m3.io/secrets-hash";

export interface PodInputs {
  /** The image tag to run (the migration gate decides it). */
  version: string;
  settingsHash: string;
  secretsHash: string;
}

export function domainDeployment(platform: M3Platform, domain: DomainName, inputs: PodInputs) {
  const { spec } = platform;
  const domainSpec: DomainSpec = spec.domains?.[domain] ?? {};
  const port = DOMAIN_PORTS[domain];
  const probe = domain === "gateway" ? { httpGet: { path: "/healthz", port: "http" } } : { grpc: { port } };
  // The gateway is ready once its route table is bound; no domain is asked (a domain down must
  // not take every gateway pod out of its Service).
  const ready = domain === "gateway" ? { httpGet: { path: "/readyz", port: "http" } } : probe;
  const labels = selectorLabels(platform, domain);
  return {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: objectMeta(platform, domain),
    spec: {
      ...(domainSpec.autoscaling?.enabled ? {} : { replicas: domainSpec.replicas ?? 1 }),
      selector: { matchLabels: labels },
      template: {
        metadata: {
          labels,
          annotations: {
            [SETTINGS_HASH_ANNOTATION]: inputs.settingsHash,
            [SECRETS_HASH_ANNOTATION]: inputs.secretsHash,
          },
        },
        spec: {
          automountServiceAccountToken: domain === "config",
          ...(domain === "config" ? { serviceAccountName: configServiceAccountName(platform) } : {}),
          ...pullSecrets(platform),
          ...(domainSpec.nodeSelector ? { nodeSelector: domainSpec.nodeSelector } : {}),
          ...(domainSpec.tolerations?.length ? { tolerations: domainSpec.tolerations } : {}),
          ...(domainSpec.affinity ? { affinity: domainSpec.affinity } : {}),
          securityContext: podSecurity(),
          containers: [
            {
              name: domain,
              image: domainImage(platform, domain, inputs.version),
              ...pullPolicy(platform),
              ...(processCommand(domain) ? { command: processCommand(domain) } : {}),
              args: [domain],
              ports: [
                { name: domain === "gateway" ? "http" : "grpc", containerPort: port, protocol: "TCP" },
                ...(domain === "gateway"
                  ? []
                  : [{ name: "metrics", containerPort: METRICS_PORT, protocol: "TCP" }]),
                ...zeroMqContainerPorts(platform, domain),
              ],
              envFrom: [{ configMapRef: { name: objectName(platform, "settings") } }],
              env: processEnv(
                platform,
                [...secretEnv(platform, domain), ...zeroMqEnv(platform, domain)],
                domainSpec.env,
              ),
              // Up to 3 minutes for a domain's first open (its migrations on SQLite), 1 for the gateway.
              startupProbe: { ...probe, periodSeconds: 2, failureThreshold: domain === "gateway" ? 30 : 90 },
              readinessProbe: { ...ready, periodSeconds: 5 },
              livenessProbe: { ...probe, periodSeconds: 10, failureThreshold: 6 },
              resources: domainSpec.resources ?? {},
              securityContext: containerSecurity(),
              volumeMounts: volumeMounts(),
            },
          ],
          volumes: podVolumes(domainSpec.dataSizeLimit),
        },
      },
    },
  };
}

/** The image a domain runs at a version: capture's own (with ffmpeg), the one image for the rest. */
export function domainImage(platform: M3Platform, domain: DomainName, version: string): string {
  const { image, captureImage } = platform.spec;
  return `${domain === "capture" ? (captureImage ?? `${image}-capture`) : image}:${version}`;
}

function secretEnv(platform: M3Platform, domain: DomainName) {
  const { spec } = platform;
  const name = spec.secrets.name;
  const keys = platformSecretKeys(platform);
  // The two lists are optional: a rotation writes them (secret-rotation.ts), and while it runs
  // they make old and new pods accept each other's keys and tokens.
  const env = [
    fromSecret("M3_API_KEY", { name, key: keys.apiKey }),
    fromSecret("M3_API_KEYS", { name, key: keys.apiKeys }, true),
    fromSecret("M3_SIGNING_SECRET", { name, key: keys.signingSecret }),
    fromSecret("M3_PREVIOUS_SIGNING_SECRETS", { name, key: keys.previousSigningSecrets }, true),
  ];
  if (DATABASE_DOMAINS.includes(domain)) env.push(...databaseEnv(platform, [domain]));
  if (domain === "kb" && spec.admin?.passwordSecret)
    env.push(fromSecret("M3_ADMIN_PASSWORD", spec.admin.passwordSecret));
  if (domain === "config") {
    // The key the config service lists for each endpoint (m3.io/secret-env names the variable).
    const listed = discoveredDomains((name) => domainEnabled(platform, name));
    for (const listedDomain of listed)
      env.push(fromSecret(apiKeyEnvName(listedDomain), { name, key: keys.apiKey }));
  }
  if (domain === "upload" && spec.objectStore) {
    env.push(fromSecret("M3_UPLOAD_S3_ACCESS_KEY", spec.objectStore.accessKeySecret));
    env.push(fromSecret("M3_UPLOAD_S3_SECRET_KEY", spec.objectStore.secretKeySecret));
  }
  return env;
}

/** The Secrets a platform's pods read (their contents' hash goes into the pod template). */
export function referencedSecretNames(platform: M3Platform): string[] {
  const { spec } = platform;
  const names = [spec.secrets.name, ...databaseSecretNames(platform)];
  if (spec.admin?.passwordSecret) names.push(spec.admin.passwordSecret.name);
  if (spec.objectStore)
    names.push(spec.objectStore.accessKeySecret.name, spec.objectStore.secretKeySecret.name);
  return [...new Set(names)].sort();
}
