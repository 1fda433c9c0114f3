/**
 * A validator for the subset of OpenAPI v3 schemas that CRDs use (type, properties, required,
 * items, additionalProperties, enum, pattern, minimum, x-kubernetes-int-or-string). Unknown
 * fields are errors, as for `kubectl apply` with its default strict field validation.
 */
export interface OpenApiSchema {
  type?: "object" | "array" | "string" | "integer" | "number" | "boolean";
  properties?: Record<string, OpenApiSchema>;
  required?: readonly string[];
  items?: OpenApiSchema;
  additionalProperties?: OpenApiSchema;
  enum?: readonly unknown[];
  pattern?: string;
  minimum?: number;
  "x-kubernetes-int-or-string"?: boolean;
}

/** Every violation of `schema` by `value`, as "path: problem" lines (empty when valid). */
export function openApiViolations(schema: OpenApiSchema, value: unknown, path = ""): string[] {
  const at = path || "<root>";
  if (schema["x-kubernetes-int-or-string"]) {
    return Number.isInteger(value) || typeof value === "string"
      ? []
      : [`${at}: must be an integer or a string`];
  }
  if (schema.enum && !schema.enum.includes(value)) return [`${at}: must be one of ${schema.enum.join(", ")}`];
  switch (schema.type) {
    case "string":
      if (typeof value !== "string") return [`${at}: must be a string`];
      if (schema.pattern && !new RegExp(schema.pattern).test(value)) {
        return [`${at}: "${value}" does not match ${schema.pattern}`];
      }
      return [];
    case "integer":
    case "number":
      if (typeof value !== "number" || (schema.type === "integer" && !Number.isInteger(value))) {
        return [`${at}: must be ${schema.type === "integer" ? "an integer" : "a number"}`];
      }
      return schema.minimum !== undefined && value < schema.minimum ? [`${at}: below ${schema.minimum}`] : [];
    case "boolean":
      return typeof value === "boolean" ? [] : [`${at}: must be a boolean`];
    case "array":
      if (!Array.isArray(value)) return [`${at}: must be an array`];
      return value.flatMap((item, index) =>
        schema.items ? openApiViolations(schema.items, item, `${path}[${index}]`) : [],
      );
    case "object":
      return objectViolations(schema, value, path);
    default:
      return [];
  }
}

function objectViolations(schema: OpenApiSchema, value: unknown, path: string): string[] {
  const at = path || "<root>";
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return [`${at}: must be an object`];
  const fields = value as Record<string, unknown>;
  const found = (schema.required ?? [])
    .filter((name) => fields[name] === undefined)
    .map((name) => `${at}: ${name} is required`);
  for (const [name, child] of Object.entries(fields)) {
    const childPath = path ? `${path}.${name}` : name;
    const childSchema = schema.properties?.[name] ?? schema.additionalProperties;
    if (childSchema) found.push(...openApiViolations(childSchema, child, childPath));
    else if (schema.properties) found.push(`${childPath}: unknown field`);
  }
  return found;
}
