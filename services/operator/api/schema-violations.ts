/**
 * What the API server would refuse in a value under a structural schema, as readable lines: a
 * missing required field, a wrong type, a value outside its enum, pattern or minimum, a field
 * the schema does not name. For checking an M3Platform without a cluster (`m3 operator render`).
 */
import type { SchemaNode } from "./schema-types.js";

export function schemaViolations(schema: SchemaNode, value: unknown, path = "spec"): string[] {
  if (schema["x-kubernetes-preserve-unknown-fields"]) return [];
  const typeOf = Array.isArray(value) ? "array" : Number.isInteger(value) ? "integer" : typeof value;
  const fits =
    schema.type === undefined || schema.type === typeOf || (schema.type === "number" && typeOf === "integer");
  if (!fits)
    return [`${path}: must be ${schema.type === "integer" ? "an" : "a"} ${schema.type}, got ${typeOf}`];
  const found: string[] = [];
  if (schema.enum && !schema.enum.includes(value as string))
    found.push(`${path}: must be one of ${schema.enum.join(", ")}`);
  if (schema.pattern && !new RegExp(schema.pattern).test(value as string))
    found.push(`${path}: must match ${schema.pattern}`);
  if (schema.minimum !== undefined && (value as number) < schema.minimum)
    found.push(`${path}: must be at least ${schema.minimum}`);
  if (schema.maximum !== undefined && (value as number) > schema.maximum)
    found.push(`${path}: must be at most ${schema.maximum}`);
  if (Array.isArray(value) && schema.items) {
    const items = schema.items;
    for (const [index, item] of value.entries())
      found.push(...schemaViolations(items, item, `${path}[${index}]`));
  }
  if (typeOf === "object" && value !== null) {
    const fields = value as Record<string, unknown>;
    for (const name of schema.required ?? [])
      if (fields[name] === undefined) found.push(`${path}.${name}: required`);
    for (const [name, child] of Object.entries(fields)) {
      const childSchema = schema.properties?.[name] ?? schema.additionalProperties;
      if (childSchema) found.push(...schemaViolations(childSchema, child, `${path}.${name}`));
      else if (schema.properties) found.push(`${path}.${name}: not a field of the schema`);
    }
  }
  return found;
}
