/**
 * JSON schemas (OpenAPI 3.0) of proto messages, as the engine reads and writes them.
 * Inputs use the proto field names (camelCase is accepted too); outputs follow the
 * route's casing and its service's null rule.
 */
import protobuf from "protobufjs";
import { hasPresence, INTEGER_RANGES, LIST_VALUE, STRUCT, TIMESTAMP, VALUE } from "../engine/field-kinds.js";
import { outputKey } from "../engine/field-names.js";
import type { Casing, NullRule } from "../engine/route-spec.js";

export type Schema = Record<string, unknown>;

export interface SchemaStyle {
  direction: "input" | "output";
  casing: Casing;
  nulls: NullRule;
  /** Bytes as file parts (multipart) rather than base64 text. */
  binary?: boolean;
}

const WELL_KNOWN: Readonly<Record<string, Schema>> = {
  [TIMESTAMP]: { type: "string", format: "date-time", example: "2021-01-01T00:00:00.123456Z" },
  [STRUCT]: { type: "object", additionalProperties: true },
  [VALUE]: {},
  [LIST_VALUE]: { type: "array", items: {} },
};

export class SchemaRegistry {
  readonly components: Record<string, Schema> = {};

  /** @param defaultCasing the service's casing: its output schemas get the plain message name. */
  constructor(private readonly defaultCasing: Casing) {}

  /** A `$ref` to the message's component (created on first use), or a well-known type's inline schema. */
  messageRef(type: protobuf.Type, style: SchemaStyle): Schema {
    const wellKnown = WELL_KNOWN[type.fullName];
    if (wellKnown) return { ...wellKnown };
    const name = this.componentName(type, style);
    if (!(name in this.components)) {
      this.components[name] = {};
      this.components[name] = this.messageSchema(type, { ...style, binary: false });
    }
    return { $ref: `#/components/schemas/${name}` };
  }

  /** The message's schema inline, without the fields another part of the request carries. */
  messageSchema(
    type: protobuf.Type,
    style: SchemaStyle,
    omit: ReadonlySet<protobuf.Field> = new Set(),
  ): Schema {
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    for (const field of type.fieldsArray) {
      if (omit.has(field)) continue;
      const key = style.direction === "input" ? field.name : outputKey(field, style.casing);
      let schema = this.fieldSchema(field, style);
      if (style.direction === "output") {
        if (!hasPresence(field) || style.nulls === "null") required.push(key);
        if (hasPresence(field) && style.nulls === "null") schema = nullable(schema);
      }
      properties[key] = schema;
    }
    return {
      type: "object",
      ...(type.comment ? { description: type.comment } : {}),
      properties,
      ...(required.length > 0 ? { required } : {}),
    };
  }

  fieldSchema(field: protobuf.Field, style: SchemaStyle): Schema {
    const single = this.singleSchema(field, style);
    let schema: Schema = single;
    if (field.map) schema = { type: "object", additionalProperties: single };
    else if (field.repeated) schema = { type: "array", items: single };
    return field.comment ? describe(schema, field.comment) : schema;
  }

  private singleSchema(field: protobuf.FieldBase, style: SchemaStyle): Schema {
    const resolved = field.resolvedType;
    if (resolved instanceof protobuf.Enum) return { type: "string", enum: Object.keys(resolved.values) };
    if (resolved instanceof protobuf.Type) return this.messageRef(resolved, style);
    return scalarSchema(field.type, style.binary === true);
  }

  private componentName(type: protobuf.Type, style: SchemaStyle): string {
    const name = type.fullName.slice(1);
    if (style.direction === "input") return `${name}.Input`;
    return style.casing === this.defaultCasing
      ? name
      : `${name}.${style.casing === "camel" ? "Camel" : "Snake"}`;
  }
}

export function scalarSchema(type: string, binary: boolean): Schema {
  switch (type) {
    case "string":
      return { type: "string" };
    case "bool":
      return { type: "boolean" };
    case "double":
      return { type: "number", format: "double" };
    case "float":
      return { type: "number", format: "float" };
    case "bytes":
      return { type: "string", format: binary ? "binary" : "byte" };
  }
  const [minimum, maximum] = INTEGER_RANGES[type] ?? [];
  const wide = type.endsWith("64") || type === "uint32" || type === "fixed32";
  return {
    type: "integer",
    format: wide ? "int64" : "int32",
    ...(minimum === 0 ? { minimum, maximum } : {}),
  };
}

/** OpenAPI 3.0 ignores siblings of `$ref`, so a described or nullable reference is wrapped. */
function describe(schema: Schema, description: string): Schema {
  return "$ref" in schema ? { allOf: [schema], description } : { ...schema, description };
}

function nullable(schema: Schema): Schema {
  return "$ref" in schema ? { allOf: [schema], nullable: true } : { ...schema, nullable: true };
}
