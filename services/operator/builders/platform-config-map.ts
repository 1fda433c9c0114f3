/**
 * The settings every process of a platform shares, in one ConfigMap the containers read with
 * envFrom (docs/configuration.md names each variable). Secrets are never copied here: they stay
 * in their Secrets and reach the containers by secretKeyRef (domain-deployment.ts).
 */

import { DOMAIN_NAMES, DOMAIN_PORTS } from "../api/domain-names.js";
import type { M3Platform } from "../api/m3platform-schema.js";
import { domainEnabled } from "./domain-scaling.js";
import { objectMeta, objectName } from "./platform-labels.js";

export const METRICS_PORT = 9464;

export function platformConfigMap(platform: M3Platform) {
  const { spec } = platform;
  const data: Record<string, string> = {
    M3_LOG_LEVEL: spec.logLevel ?? "info",
    M3_DATA_DIR: "/var/lib/m3",
    M3_METRICS_PORT: String(METRICS_PORT),
    M3_CONFIG_PUBLIC_URL: `${spec.publicUrl.replace(/\/$/, "")}/config`,
    CAPTURE_CACHE_SIZE: String(spec.captureCache?.sizeMegabytes ?? 512),
    CAPTURE_CROP_CACHE_SIZE: String(spec.captureCache?.cropSizeMegabytes ?? 256),
  };
  // A domain the platform does not run gets no address: the gateway serves none of its routes.
  for (const domain of DOMAIN_NAMES.filter((name) => domainEnabled(platform, name))) {
    if (domain === "gateway") continue;
    const upper = domain.toUpperCase();
    data[`M3_${upper}_GRPC_PORT`] = String(DOMAIN_PORTS[domain]);
    // The headless Service's name resolves to every ready pod: callers balance over them.
    data[`M3_${upper}_GRPC_ADDRESS`] = `dns:///${objectName(platform, domain)}:${DOMAIN_PORTS[domain]}`;
  }
  data.PORT = String(DOMAIN_PORTS.gateway);
  if (spec.otel?.endpoint) data.OTEL_EXPORTER_OTLP_ENDPOINT = spec.otel.endpoint;
  if (spec.nats?.url) {
    data.M3_EVENTS_NATS_URL = spec.nats.url;
    data.M3_EVENTS_NATS_SUBJECT = spec.nats.subject ?? "vars";
  }
  if (spec.admin?.passwordSecret) data.M3_ADMIN_USER = spec.admin.user ?? "admin";
  if (spec.database.annotationRegistrySchema)
    data.M3_ANNOTATION_REGISTRY_SCHEMA = spec.database.annotationRegistrySchema;
  if (spec.cropAllowedHosts?.length) data.CAPTURE_CROP_ALLOWED_HOSTS = spec.cropAllowedHosts.join(",");
  if (spec.objectStore) {
    data.M3_UPLOAD_S3_ENDPOINT = spec.objectStore.endpoint;
    data.M3_UPLOAD_S3_BUCKET = spec.objectStore.bucket;
    data.M3_UPLOAD_S3_REGION = spec.objectStore.region ?? "us-east-1";
    if (spec.objectStore.publicUrl) data.M3_UPLOAD_PUBLIC_URL = spec.objectStore.publicUrl;
  }
  return {
    apiVersion: "v1",
    kind: "ConfigMap",
    metadata: objectMeta(platform, "settings"),
    data,
  };
}
