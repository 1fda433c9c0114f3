/**
 * The M3Platform resource (`m3.io/v1alpha1`): its spec and status as one structural OpenAPI
 * schema. The CRD (helm/m3/files/, k8s/base/) is generated from it and the
 * controller's types are inferred from it (schema-types.ts), so each field is declared here once.
 */
import { DOMAIN_NAMES } from "./domain-names.js";
import { PLATFORM_PROCESS_PROPERTIES } from "./platform-process-schema.js";
import {
  DATABASE_SPEC,
  PLATFORM_REACH_PROPERTIES,
  POD_PLACEMENT_PROPERTIES,
} from "./platform-reach-schema.js";
import type { Infer, SchemaNode } from "./schema-types.js";
import { secretKeyRef } from "./secret-key-ref.js";

const domainSpec = {
  type: "object",
  description: "One domain's (or the gateway's) pods.",
  properties: {
    enabled: { type: "boolean", default: true, description: "Whether the platform runs this domain." },
    replicas: { type: "integer", minimum: 0, default: 1, description: "Pods when autoscaling is off." },
    resources: {
      type: "object",
      "x-kubernetes-preserve-unknown-fields": true,
      description: "The container's resource requests and limits (a core/v1 ResourceRequirements).",
    },
    autoscaling: {
      type: "object",
      description: "A HorizontalPodAutoscaler on CPU; when enabled it owns the replica count.",
      properties: {
        enabled: {
          type: "boolean",
          default: false,
          description: "Whether an autoscaler scales this domain.",
        },
        minReplicas: { type: "integer", minimum: 1, default: 1, description: "The autoscaler's floor." },
        maxReplicas: { type: "integer", minimum: 1, default: 3, description: "The autoscaler's ceiling." },
        targetCPUUtilizationPercentage: {
          type: "integer",
          minimum: 1,
          maximum: 100,
          default: 75,
          description: "Average CPU use, as a share of the request, the autoscaler aims for.",
        },
      },
    },
    disruptionBudget: {
      type: "object",
      description: "A PodDisruptionBudget; rendered when the domain may have more than one pod.",
      properties: {
        minAvailable: {
          type: "integer",
          minimum: 0,
          default: 1,
          description: "Pods kept during voluntary disruptions.",
        },
      },
    },
    ...POD_PLACEMENT_PROPERTIES,
  },
} as const satisfies SchemaNode;

const domainProperties = Object.fromEntries(DOMAIN_NAMES.map((name) => [name, domainSpec])) as Record<
  (typeof DOMAIN_NAMES)[number],
  typeof domainSpec
>;

export const M3_PLATFORM_SPEC = {
  type: "object",
  description: "The desired m3 platform.",
  properties: {
    image: { type: "string", description: "The m3 image repository, e.g. ghcr.io/example/m3." },
    captureImage: {
      type: "string",
      description:
        "The capture domain's image repository (the image's capture target, with ffmpeg); default `<image>-capture`.",
    },
    version: {
      type: "string",
      pattern: "^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$",
      description: "The image tag to run.",
    },
    publicUrl: {
      type: "string",
      description: "The URL clients reach the gateway at, e.g. https://m3.example.org.",
    },
    database: DATABASE_SPEC,
    objectStore: {
      type: "object",
      description: "The S3-compatible store of uploaded images (the upload domain).",
      properties: {
        endpoint: { type: "string", description: "The S3 endpoint URL." },
        bucket: { type: "string", description: "The bucket." },
        region: { type: "string", default: "us-east-1", description: "The region." },
        publicUrl: {
          type: "string",
          description: "The base of the image URLs the upload domain returns (M3_UPLOAD_PUBLIC_URL).",
        },
        accessKeySecret: { ...secretKeyRef, description: "The access key id." },
        secretKeySecret: { ...secretKeyRef, description: "The secret access key." },
      },
      required: ["endpoint", "bucket", "accessKeySecret", "secretKeySecret"],
    },
    domains: {
      type: "object",
      description: "Per domain (and the gateway): replicas, resources, autoscaling, disruption budget.",
      properties: domainProperties,
    },
    captureCache: {
      type: "object",
      description: "The capture domain's frame and crop caches.",
      properties: {
        sizeMegabytes: { type: "integer", minimum: 0, default: 512, description: "The frame cache." },
        cropSizeMegabytes: { type: "integer", minimum: 0, default: 256, description: "The crop cache." },
      },
    },
    nats: {
      type: "object",
      description: "The NATS server the domains publish their changes to.",
      properties: {
        url: { type: "string", description: "nats://host:port (M3_EVENTS_NATS_URL); unset, NATS is off." },
        subject: { type: "string", default: "vars", description: "The subject of the changes." },
      },
    },
    otel: {
      type: "object",
      description: "Where the processes send their traces.",
      properties: { endpoint: { type: "string", description: "An OTLP/HTTP endpoint." } },
    },
    backup: {
      type: "object",
      description: "A scheduled `m3 backup` of every domain to the object store.",
      properties: {
        schedule: {
          type: "string",
          description: "A cron schedule, e.g. `0 3 * * *`; no schedule, no backups.",
        },
        target: {
          type: "string",
          pattern: "^s3://",
          description: "Where the archives go: s3://bucket/prefix/.",
        },
        retain: { type: "integer", minimum: 1, default: 7, description: "Archives kept." },
      },
    },
    restore: {
      type: "object",
      description:
        "A restore request: a new id runs `m3 restore` once, with kb, annotation and registry stopped meanwhile.",
      properties: {
        id: {
          type: "string",
          pattern: "^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$",
          description: "Names the restore; each id runs one Job.",
        },
        from: {
          type: "string",
          pattern: "^s3://",
          description: "The archive: s3://bucket/prefix/m3-backup-<time>.jsonl.gz.",
        },
        force: {
          type: "boolean",
          default: false,
          description: "Restore into databases that hold rows (their rows are replaced).",
        },
      },
      required: ["id", "from"],
    },
    secrets: {
      type: "object",
      description: "The platform's own secrets: the API key and the token signing secret.",
      properties: {
        name: { type: "string", description: "The Secret holding them." },
        apiKeyKey: { type: "string", default: "apiKey", description: "The key of the API key." },
        signingSecretKey: {
          type: "string",
          default: "signingSecret",
          description: "The key of the signing secret.",
        },
        apiKeysKey: {
          type: "string",
          default: "apiKeys",
          description:
            "The key of the other accepted API keys (comma-separated; optional, a rotation writes it).",
        },
        previousSigningSecretsKey: {
          type: "string",
          default: "previousSigningSecrets",
          description:
            "The key of the earlier signing secrets whose tokens still verify (optional, a rotation writes it).",
        },
        rotate: {
          type: "array",
          items: { type: "string", enum: ["apiKey", "signingSecret"] },
          default: ["apiKey", "signingSecret"],
          description: "The secrets a rotation replaces.",
        },
        rotation: {
          type: "object",
          description:
            "A rotation request: a new id starts one (Announce, Switch, Retire, each a rolling update of every Deployment).",
          properties: {
            id: {
              type: "string",
              pattern: "^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}$",
              description: "Names the rotation; setting an id not yet rotated starts a rotation.",
            },
            retireAfterSeconds: {
              type: "integer",
              minimum: 0,
              default: 86400,
              description:
                "How long the old secrets stay accepted after the Switch has rolled out (the tokens' lifetime, one day).",
            },
          },
          required: ["id"],
        },
      },
      required: ["name"],
    },
    ...PLATFORM_REACH_PROPERTIES,
    ...PLATFORM_PROCESS_PROPERTIES,
  },
  required: ["image", "version", "publicUrl", "database", "secrets"],
} as const satisfies SchemaNode;

const condition = {
  type: "object",
  properties: {
    type: {
      type: "string",
      description: "Ready, Progressing, Degraded, Migrated, SecretsRotating or Restored.",
    },
    status: { type: "string", enum: ["True", "False", "Unknown"] },
    reason: { type: "string", description: "A CamelCase word a program can match." },
    message: { type: "string", description: "What a person reads." },
    lastTransitionTime: { type: "string", format: "date-time" },
    observedGeneration: { type: "integer" },
  },
  required: ["type", "status", "reason", "message", "lastTransitionTime"],
} as const satisfies SchemaNode;

export const M3_PLATFORM_STATUS = {
  type: "object",
  description: "What the operator observed.",
  properties: {
    observedGeneration: { type: "integer", description: "The spec generation this status describes." },
    conditions: {
      type: "array",
      items: condition,
      "x-kubernetes-list-type": "map",
      "x-kubernetes-list-map-keys": ["type"],
    },
    domains: {
      type: "object",
      description: "Each domain's pods.",
      additionalProperties: {
        type: "object",
        properties: { replicas: { type: "integer" }, readyReplicas: { type: "integer" } },
        required: ["replicas", "readyReplicas"],
      },
    },
    replicas: { type: "string", description: "Ready pods over desired pods, all domains: `14/14`." },
    version: { type: "string", description: "The version every domain runs (set once a rollout completes)." },
    rotation: {
      type: "object",
      description: "The last secret rotation requested by spec.secrets.rotation.",
      properties: {
        id: { type: "string", description: "The rotation's id." },
        phase: {
          type: "string",
          enum: ["Announce", "Switch", "Retire", "Rotated"],
          description: "What the referenced Secret holds now; Rotated once the Retire has rolled out.",
        },
        secrets: {
          type: "array",
          items: { type: "string", enum: ["apiKey", "signingSecret"] },
          description: "The secrets it replaces.",
        },
        startedAt: { type: "string", format: "date-time", description: "When the new values were made." },
        retireAt: {
          type: "string",
          format: "date-time",
          description: "When the old values stop being accepted (set once the Switch has rolled out).",
        },
        finishedAt: { type: "string", format: "date-time", description: "When the Retire had rolled out." },
      },
      required: ["id", "phase"],
    },
    lastBackup: {
      type: "object",
      description:
        "The backup CronJob's last run and last success (a run after the last success is failing or running).",
      properties: {
        lastScheduleTime: {
          type: "string",
          format: "date-time",
          description: "When the last backup started.",
        },
        lastSuccessfulTime: {
          type: "string",
          format: "date-time",
          description: "When the last backup succeeded.",
        },
        lastFailure: {
          type: "object",
          description: "The newest backup Job, when it failed.",
          properties: {
            job: { type: "string", description: "The Job's name (its logs say more)." },
            message: { type: "string", description: "The Job's own message." },
          },
          required: ["job", "message"],
        },
      },
    },
  },
} as const satisfies SchemaNode;

export type M3PlatformSpec = Infer<typeof M3_PLATFORM_SPEC>;
export type M3PlatformStatus = Infer<typeof M3_PLATFORM_STATUS>;
export type DomainSpec = Infer<typeof domainSpec>;
export type PlatformCondition = Infer<typeof condition>;

export interface M3Platform {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace: string; uid: string; generation?: number; resourceVersion?: string };
  spec: M3PlatformSpec;
  status?: M3PlatformStatus;
}
