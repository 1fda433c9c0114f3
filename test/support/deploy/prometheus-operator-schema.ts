/**
 * The parts of the Prometheus Operator CRDs (monitoring.coreos.com/v1 ServiceMonitor and
 * PrometheusRule, as of operator v0.7x-0.8x) that the chart renders, written from their
 * openAPIV3Schema: the required fields, the types, the enums and the duration pattern. Fields
 * the chart does not use are left out, so using one fails here until it is added.
 */
import type { OpenApiSchema } from "./openapi-subset.js";

/** The operator's duration pattern (monitoringv1.Duration). */
const DURATION: OpenApiSchema = {
  type: "string",
  pattern: "^(0|(([0-9]+)y)?(([0-9]+)w)?(([0-9]+)d)?(([0-9]+)h)?(([0-9]+)m)?(([0-9]+)s)?(([0-9]+)ms)?)$",
};
const LABEL_NAME: OpenApiSchema = { type: "string", pattern: "^[a-zA-Z_][a-zA-Z0-9_]*$" };
const STRING_MAP: OpenApiSchema = { type: "object", additionalProperties: { type: "string" } };

const RELABEL_ACTIONS = [
  "replace",
  "keep",
  "drop",
  "hashmod",
  "labelmap",
  "labeldrop",
  "labelkeep",
  "lowercase",
  "uppercase",
  "keepequal",
  "dropequal",
].flatMap((action) => [action, action.charAt(0).toUpperCase() + action.slice(1)]);

const RELABEL_CONFIG: OpenApiSchema = {
  type: "object",
  properties: {
    action: { type: "string", enum: RELABEL_ACTIONS },
    modulus: { type: "integer" },
    regex: { type: "string" },
    replacement: { type: "string" },
    separator: { type: "string" },
    sourceLabels: { type: "array", items: LABEL_NAME },
    targetLabel: { type: "string" },
  },
};

const METADATA: OpenApiSchema = {
  type: "object",
  required: ["name"],
  properties: {
    name: { type: "string", pattern: "^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$" },
    namespace: { type: "string" },
    labels: STRING_MAP,
    annotations: STRING_MAP,
    // ObjectMeta's: the operator's objects name their M3Platform as their owner.
    ownerReferences: {
      type: "array",
      items: {
        type: "object",
        required: ["apiVersion", "kind", "name", "uid"],
        properties: {
          apiVersion: { type: "string" },
          kind: { type: "string" },
          name: { type: "string" },
          uid: { type: "string" },
          controller: { type: "boolean" },
          blockOwnerDeletion: { type: "boolean" },
        },
      },
    },
  },
};

const LABEL_SELECTOR: OpenApiSchema = {
  type: "object",
  properties: {
    matchLabels: STRING_MAP,
    matchExpressions: {
      type: "array",
      items: {
        type: "object",
        required: ["key", "operator"],
        properties: {
          key: { type: "string" },
          operator: { type: "string" },
          values: { type: "array", items: { type: "string" } },
        },
      },
    },
  },
};

export const SERVICE_MONITOR: OpenApiSchema = {
  type: "object",
  required: ["apiVersion", "kind", "metadata", "spec"],
  properties: {
    apiVersion: { type: "string", enum: ["monitoring.coreos.com/v1"] },
    kind: { type: "string", enum: ["ServiceMonitor"] },
    metadata: METADATA,
    spec: {
      type: "object",
      required: ["selector"],
      properties: {
        jobLabel: { type: "string" },
        targetLabels: { type: "array", items: { type: "string" } },
        podTargetLabels: { type: "array", items: { type: "string" } },
        sampleLimit: { type: "integer", minimum: 0 },
        namespaceSelector: {
          type: "object",
          properties: { any: { type: "boolean" }, matchNames: { type: "array", items: { type: "string" } } },
        },
        selector: LABEL_SELECTOR,
        endpoints: {
          type: "array",
          items: {
            type: "object",
            properties: {
              port: { type: "string" },
              targetPort: { "x-kubernetes-int-or-string": true },
              path: { type: "string" },
              scheme: { type: "string", enum: ["http", "https", "HTTP", "HTTPS"] },
              interval: DURATION,
              scrapeTimeout: DURATION,
              honorLabels: { type: "boolean" },
              relabelings: { type: "array", items: RELABEL_CONFIG },
              metricRelabelings: { type: "array", items: RELABEL_CONFIG },
            },
          },
        },
      },
    },
  },
};

export const PROMETHEUS_RULE: OpenApiSchema = {
  type: "object",
  required: ["apiVersion", "kind", "metadata", "spec"],
  properties: {
    apiVersion: { type: "string", enum: ["monitoring.coreos.com/v1"] },
    kind: { type: "string", enum: ["PrometheusRule"] },
    metadata: METADATA,
    spec: {
      type: "object",
      properties: {
        groups: {
          type: "array",
          items: {
            type: "object",
            required: ["name"],
            properties: {
              name: { type: "string" },
              interval: DURATION,
              rules: {
                type: "array",
                items: {
                  type: "object",
                  required: ["expr"],
                  properties: {
                    alert: { type: "string" },
                    record: { type: "string" },
                    expr: { "x-kubernetes-int-or-string": true },
                    for: DURATION,
                    keep_firing_for: DURATION,
                    labels: STRING_MAP,
                    annotations: STRING_MAP,
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};

/** The schema of a monitoring.coreos.com/v1 kind, if the chart renders it. */
export const PROMETHEUS_OPERATOR_SCHEMAS: Record<string, OpenApiSchema> = {
  ServiceMonitor: SERVICE_MONITOR,
  PrometheusRule: PROMETHEUS_RULE,
};
