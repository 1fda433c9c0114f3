/**
 * The spec fields by which a platform is reached, discovered, watched and administered: the
 * kb's first administrator, the Ingress, the Prometheus operator's ServiceMonitor, the
 * cluster's DNS domain (the in-cluster URLs the config service lists), each database domain's
 * own database, and capture's crop hosts. Kept apart from m3platform-schema.ts, which spreads
 * them into the spec, so each block reads (and merges) on its own.
 */
import { MONITORING_SPEC } from "./monitoring-schema.js";
import type { SchemaNode } from "./schema-types.js";
import { secretKeyRef } from "./secret-key-ref.js";

const domainDatabase = {
  type: "object",
  description: "This domain's own database, instead of database.urlSecret.",
  properties: { urlSecret: { ...secretKeyRef, description: "The domain's database URL." } },
  required: ["urlSecret"],
} as const satisfies SchemaNode;

/** database: the shared URL, or one per domain, and where annotation finds the registry's tables. */
export const DATABASE_SPEC = {
  type: "object",
  description: "Where kb, annotation and registry keep their tables.",
  properties: {
    urlSecret: { ...secretKeyRef, description: "The database URL (with its credentials)." },
    domains: {
      type: "object",
      description: "A domain's own database (M3_<DOMAIN>_DATABASE_URL), for kb, annotation or registry.",
      properties: { kb: domainDatabase, annotation: domainDatabase, registry: domainDatabase },
    },
    annotationRegistrySchema: {
      type: "string",
      description:
        "Where the annotation domain's tabular view reads the registry's tables (M3_ANNOTATION_REGISTRY_SCHEMA): the registry's database on the same MySQL server, or `public` when both share one PostgreSQL database; unset, the registry columns are null.",
    },
  },
  required: ["urlSecret"],
} as const satisfies SchemaNode;

const opaque = (description: string) =>
  ({ type: "object", "x-kubernetes-preserve-unknown-fields": true, description }) as const;

/** Where a domain's pods may run and what more they are given: spread into each domain's spec. */
export const POD_PLACEMENT_PROPERTIES = {
  nodeSelector: {
    type: "object",
    additionalProperties: { type: "string" },
    description: "The pods' node selector.",
  },
  tolerations: {
    type: "array",
    items: opaque("A core/v1 Toleration."),
    description: "The pods' tolerations.",
  },
  affinity: opaque("The pods' affinity (a core/v1 Affinity)."),
  dataSizeLimit: {
    type: "string",
    pattern: "^[0-9]+(\\.[0-9]+)?([KMGTPE]i?)?$",
    description:
      "A size limit of the pods' data folder (an emptyDir), e.g. `2Gi` for capture's frame and crop caches; keep captureCache below it.",
  },
  env: {
    type: "array",
    items: opaque("A core/v1 EnvVar."),
    description: "More environment variables of the container, after the platform's own.",
  },
} as const satisfies Record<string, SchemaNode>;

const PEER = opaque("A networking.k8s.io/v1 NetworkPolicyPeer.");
const PORT = { type: "integer", minimum: 1, maximum: 65535 } as const;
const PORTS = { type: "array", items: PORT } as const;

export const PLATFORM_REACH_PROPERTIES = {
  logLevel: {
    type: "string",
    enum: ["fatal", "error", "warn", "info", "debug", "trace", "silent"],
    default: "info",
    description: "The log level of every process (M3_LOG_LEVEL).",
  },
  imagePullSecrets: {
    type: "array",
    items: {
      type: "object",
      properties: { name: { type: "string", description: "A Secret of type dockerconfigjson." } },
      required: ["name"],
    },
    description: "The Secrets the pods pull the images with.",
  },
  gatewayService: {
    type: "object",
    description: "The gateway's Service.",
    properties: {
      type: {
        type: "string",
        enum: ["ClusterIP", "NodePort", "LoadBalancer"],
        default: "ClusterIP",
        description: "The Service type.",
      },
      annotations: {
        type: "object",
        additionalProperties: { type: "string" },
        description: "The Service's annotations (a load balancer's settings).",
      },
    },
  },
  clusterDomain: {
    type: "string",
    default: "cluster.local",
    description: "The cluster's DNS domain, for the in-cluster URLs the config service lists.",
  },
  admin: {
    type: "object",
    description:
      "The kb's first administrator, created at start when no user of that name exists (M3_ADMIN_USER, M3_ADMIN_PASSWORD).",
    properties: {
      user: { type: "string", default: "admin", description: "The administrator's name." },
      passwordSecret: {
        ...secretKeyRef,
        description: "The administrator's password; without it no administrator is created.",
      },
    },
  },
  ingress: {
    type: "object",
    description: "An Ingress in front of the gateway.",
    properties: {
      enabled: { type: "boolean", default: false, description: "Whether to render the Ingress." },
      host: { type: "string", description: "The host name (publicUrl's host)." },
      path: { type: "string", default: "/", description: "The path prefix routed to the gateway." },
      className: { type: "string", description: "The IngressClass." },
      annotations: {
        type: "object",
        additionalProperties: { type: "string" },
        description: "The Ingress's annotations (the controller's settings).",
      },
      tls: {
        type: "array",
        items: { type: "object", "x-kubernetes-preserve-unknown-fields": true },
        description: "TLS blocks (networking.k8s.io/v1 IngressTLS): `[{secretName, hosts}]`.",
      },
    },
  },
  monitoring: MONITORING_SPEC,
  networkPolicy: {
    type: "object",
    description:
      "Who may reach the platform's pods; unset, anyone may reach the gateway and the metrics ports.",
    properties: {
      gatewayFrom: {
        type: "array",
        items: opaque("A networking.k8s.io/v1 NetworkPolicyPeer."),
        description:
          "The peers that may reach the gateway (the config service and the `helm test` Pod always may), e.g. the ingress controller's namespace.",
      },
      metricsFrom: {
        type: "array",
        items: opaque("A networking.k8s.io/v1 NetworkPolicyPeer."),
        description:
          "The peers that may scrape the domains' metrics port and, when gatewayFrom narrows it, the gateway's.",
      },
      egress: {
        type: "object",
        description:
          "Where the pods may connect (one Egress policy per component); off, anywhere. The database and object store URLs are in Secrets: their ports and peers are given here.",
        properties: {
          enabled: { type: "boolean", default: false, description: "Whether to restrict the pods' egress." },
          databasePorts: { ...PORTS, description: "The database's ports (default 3306 and 5432)." },
          databaseTo: {
            type: "array",
            items: PEER,
            description: "The database's peers; unset, any address.",
          },
          objectStorePort: { ...PORT, default: 9000, description: "The object store's port." },
          objectStoreTo: {
            type: "array",
            items: PEER,
            description: "The object store's peers; unset, any address.",
          },
          natsPort: { ...PORT, default: 4222, description: "NATS's port (with nats.url)." },
          kubeApiPorts: {
            ...PORTS,
            description:
              "The Kubernetes API's ports, for the config service's discovery (default 443 and 6443).",
          },
          kubeApiTo: {
            type: "array",
            items: PEER,
            description: "The Kubernetes API's peers; unset, any address.",
          },
          captureFetchPorts: {
            ...PORTS,
            description: "The ports capture fetches videos and images from (default 80 and 443).",
          },
          extra: {
            type: "array",
            items: opaque("A networking.k8s.io/v1 NetworkPolicyEgressRule."),
            description: "Rules added to every component's, e.g. to an OpenTelemetry collector.",
          },
        },
      },
    },
  },
  zeroMq: {
    type: "object",
    description:
      "The annotation domain's ZeroMQ PUB socket of changes (annosaurus's MESSAGING_ZEROMQ_*); with more than one annotation pod use NATS.",
    properties: {
      enabled: { type: "boolean", default: false, description: "Whether the annotation pods open it." },
      port: {
        type: "integer",
        minimum: 1,
        maximum: 65535,
        default: 5563,
        description: "Its port (M3_EVENTS_ZEROMQ_PORT).",
      },
      topic: {
        type: "string",
        default: "vars",
        description: "The first frame of every message (M3_EVENTS_ZEROMQ_TOPIC).",
      },
      from: {
        type: "array",
        items: opaque("A networking.k8s.io/v1 NetworkPolicyPeer."),
        description: "The peers that may subscribe; unset, anyone.",
      },
    },
  },
  cropAllowedHosts: {
    type: "array",
    items: { type: "string" },
    description:
      "The hosts capture's crops may fetch images from (CAPTURE_CROP_ALLOWED_HOSTS: names, addresses, `*.domain`); unset, any host.",
  },
} as const satisfies Record<string, SchemaNode>;
