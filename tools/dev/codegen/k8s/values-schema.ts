import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { M3_PLATFORM_SPEC } from "../../../../services/operator/api/m3platform-schema.js";
import type { SchemaNode } from "../../../../services/operator/api/schema-types.js";
import { CHART_DIR } from "./render.js";

type Schema = Record<string, unknown>;

/** Values that are Kubernetes objects passed through as they are (their schema is Kubernetes'). */
const PASS_THROUGH = new Set([
  "podSecurityContext",
  "containerSecurityContext",
  "resources",
  "nodeSelector",
  "affinity",
  "annotations",
  "labels",
  "additionalRuleLabels",
]);
/** Prometheus durations (scrape interval and timeout). */
const DURATIONS = new Set(["interval", "scrapeTimeout"]);
const ENUMS: Record<string, string[]> = {
  "operator.image.pullPolicy": ["Always", "IfNotPresent", "Never"],
};

/** The `## @param <path> <description>` comments of values.yaml. */
export function readParamComments(valuesText: string): Map<string, string> {
  return new Map(
    [...valuesText.matchAll(/^\s*## @param (\S+) (.*)$/gm)].map((m) => [m[1] ?? "", m[2] ?? ""]),
  );
}

/**
 * values.schema.json, derived from values.yaml: each value's type from its default, its
 * description from its @param comment, no unknown keys, ports in range, a few enums.
 */
export function buildValuesSchema(valuesText = readFileSync(join(CHART_DIR, "values.yaml"), "utf8")): Schema {
  const descriptions = readParamComments(valuesText);
  const schemaOf = (value: unknown, path: string[]): Schema => {
    const name = path.at(-1) ?? "";
    let schema: Schema;
    if (Array.isArray(value)) {
      schema = { type: "array", items: { type: "object" } };
    } else if (value !== null && typeof value === "object") {
      schema = { type: "object" };
      if (!PASS_THROUGH.has(name)) {
        const properties = Object.fromEntries(
          Object.entries(value).map(([key, child]) => [key, schemaOf(child, [...path, key])]),
        );
        schema = { type: "object", additionalProperties: false, properties };
      }
    } else if (typeof value === "boolean") schema = { type: "boolean" };
    else if (typeof value === "number") {
      schema = /port$/i.test(name)
        ? { type: "integer", minimum: 1, maximum: 65535 }
        : path.includes("thresholds")
          ? { type: "number", minimum: 0 }
          : { type: "integer", minimum: 0 };
    } else if (DURATIONS.has(name)) schema = { type: "string", pattern: "^[0-9]+(ms|s|m|h)$" };
    else schema = { type: "string" };
    const key = path.join(".");
    if (ENUMS[key]) schema.enum = ENUMS[key];
    const description = descriptions.get(key);
    return description ? { description, ...schema } : schema;
  };
  const root = schemaOf(parse(valuesText), []);
  const properties = root.properties as Record<string, Schema>;
  const platform = (properties.platform as Schema).properties as Record<string, Schema>;
  // The platform's spec is checked against the CRD's own schema (the chart fills in what the CRD
  // requires and values may leave out: the version, the Secrets).
  platform.spec = { description: platform.spec?.description, ...valuesSchemaOf(M3_PLATFORM_SPEC) };
  const spec = (platform.spec as Schema).properties as Record<string, Schema>;
  (spec.publicUrl as Schema).pattern = "^https?://";
  (platform.spec as Schema).required = ["image", "publicUrl"];
  return { $schema: "http://json-schema.org/draft-07/schema#", title: "m3 chart values", ...root };
}

/**
 * A CRD schema node as JSON Schema for values: unknown keys refused where the CRD lists the
 * properties (the API server would silently prune them), no required fields (the chart fills
 * some in), and without the Kubernetes extensions.
 */
function valuesSchemaOf(node: SchemaNode): Schema {
  const schema: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "required" || key.startsWith("x-kubernetes-")) continue;
    if (key === "properties") {
      schema.properties = Object.fromEntries(
        Object.entries(value as Record<string, SchemaNode>).map(([name, child]) => [
          name,
          valuesSchemaOf(child),
        ]),
      );
      schema.additionalProperties = false;
    } else if (key === "items" || key === "additionalProperties") {
      schema[key] = valuesSchemaOf(value as SchemaNode);
    } else schema[key] = value;
  }
  return schema;
}
