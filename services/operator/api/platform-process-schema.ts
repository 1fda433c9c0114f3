/**
 * The spec fields every process of the platform shares: the domains', the gateway's and the
 * migration, backup and restore Jobs' containers. Kept apart from m3platform-schema.ts, which
 * spreads them into the spec.
 */
import type { SchemaNode } from "./schema-types.js";

export const PLATFORM_PROCESS_PROPERTIES = {
  env: {
    type: "array",
    items: { type: "object", "x-kubernetes-preserve-unknown-fields": true, description: "A core/v1 EnvVar." },
    description:
      "Environment variables of every container (each domain's, the gateway's and the Jobs'), after the platform's own; a domain's own env wins on the same name.",
  },
  imagePullPolicy: {
    type: "string",
    enum: ["Always", "IfNotPresent", "Never"],
    description: "The containers' image pull policy; unset, Kubernetes' default for the tag.",
  },
  jobs: {
    type: "object",
    description: "The migration, backup and restore Jobs' pods.",
    properties: {
      resources: {
        type: "object",
        "x-kubernetes-preserve-unknown-fields": true,
        description:
          "Their container's resource requests and limits (a core/v1 ResourceRequirements), e.g. where a ResourceQuota asks for them.",
      },
    },
  },
} as const satisfies Record<string, SchemaNode>;
