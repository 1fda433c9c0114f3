import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
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
  logLevel: ["fatal", "error", "warn", "info", "debug", "trace", "silent"],
  "image.pullPolicy": ["Always", "IfNotPresent", "Never"],
  "gateway.service.type": ["ClusterIP", "NodePort", "LoadBalancer"],
};
const PORT_LISTS = new Set(["kubeApiPorts", "captureEgressPorts"]);
const ENV_LISTS = new Set(["env", "commonEnv"]);
/** Lists of host names (and `*.domain` patterns). */
const HOST_LISTS = new Set(["cropAllowedHosts"]);
const DOMAINS = ["kb", "annotation", "registry", "config", "capture", "upload"];

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
      const items = PORT_LISTS.has(name)
        ? { type: "integer", minimum: 1, maximum: 65535 }
        : ENV_LISTS.has(name)
          ? { type: "object", required: ["name"] }
          : HOST_LISTS.has(name)
            ? { type: "string", minLength: 1 }
            : { type: "object" };
      schema = { type: "array", items };
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
  for (const domain of DOMAINS) (properties[domain] as Schema).required = ["enabled", "grpcPort"];
  (properties.publicUrl as Schema).pattern = "^https?://";
  (properties.mysql as Schema).required = ["host", "port", "username", "databases"];
  // `backup --retain` keeps at least the archive just written.
  const backup = (properties.backup as Schema).properties as Record<string, Schema>;
  (backup.retention as Schema).minimum = 1;
  return { $schema: "http://json-schema.org/draft-07/schema#", title: "m3 chart values", ...root };
}
