/**
 * Renders a decoded response message as JSON, walking its fields in declaration order:
 * keys in the route's casing, repeated fields always as arrays, maps as objects,
 * Timestamps as ISO instants, int64 as numbers, bytes as base64, enums by name. A field
 * with presence that is unset is left out ("omit") or printed as null ("null"); "omit-empty"
 * also leaves out empty lists.
 */
import protobuf from "protobufjs";
import { Instant } from "../../../services/kit/time/instant.js";
import { hasPresence, LIST_VALUE, STRUCT, TIMESTAMP, toNumber, VALUE } from "./field-kinds.js";
import { outputKey } from "./field-names.js";
import type { Casing, NullRule } from "./route-spec.js";
import { listToJson, structToJson, valueToJson } from "./struct-json.js";

export interface RenderOptions {
  casing: Casing;
  nulls: NullRule;
}

type Message = Record<string, unknown>;

export function renderMessage(type: protobuf.Type, message: object, options: RenderOptions): Message {
  const json: Message = {};
  for (const field of type.fieldsArray) {
    const present = isSet(message as Message, field);
    if (hasPresence(field) && !present) {
      if (options.nulls === "null") json[outputKey(field, options.casing)] = null;
      continue;
    }
    const value = renderField(field, (message as Message)[field.name], options);
    if (options.nulls === "omit-empty" && isEmptyCollection(value)) continue;
    json[outputKey(field, options.casing)] = value;
  }
  return json;
}

/** One field of the message on its own (a route's `responseBody`); unset with presence is null. */
export function renderOneField(field: protobuf.Field, message: object, options: RenderOptions): unknown {
  if (hasPresence(field) && !isSet(message as Message, field)) return null;
  return renderField(field, (message as Message)[field.name], options);
}

function isEmptyCollection(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function isSet(message: Message, field: protobuf.Field): boolean {
  return Object.hasOwn(message, field.name) && message[field.name] != null;
}

function renderField(field: protobuf.Field, value: unknown, options: RenderOptions): unknown {
  if (field.map) {
    const json: Message = {};
    for (const [key, entry] of Object.entries((value ?? {}) as Message))
      json[key] = renderSingle(field, entry, options);
    return json;
  }
  if (field.repeated) return ((value ?? []) as unknown[]).map((item) => renderSingle(field, item, options));
  return renderSingle(field, value, options);
}

function renderSingle(field: protobuf.FieldBase, value: unknown, options: RenderOptions): unknown {
  const resolved = field.resolvedType;
  if (resolved instanceof protobuf.Enum) {
    const number = toNumber(value ?? 0);
    return resolved.valuesById[number] ?? number;
  }
  if (resolved instanceof protobuf.Type)
    return renderMessageValue(resolved, (value ?? {}) as Message, options);
  switch (field.type) {
    case "string":
      return value ?? "";
    case "bool":
      return value ?? false;
    case "bytes":
      return Buffer.from((value ?? []) as Uint8Array).toString("base64");
    case "double":
      return renderDouble(toNumber(value ?? 0));
    case "float":
      return renderDouble(shortestFloat(toNumber(value ?? 0)));
    default:
      return toNumber(value ?? 0);
  }
}

function renderMessageValue(type: protobuf.Type, value: Message, options: RenderOptions): unknown {
  switch (type.fullName) {
    case TIMESTAMP:
      return Instant.fromTimestamp({
        seconds: toNumber(value.seconds ?? 0),
        nanos: toNumber(value.nanos ?? 0),
      }).toString();
    case STRUCT:
      return structToJson(value);
    case VALUE:
      return valueToJson(value);
    case LIST_VALUE:
      return listToJson(value);
    default:
      return renderMessage(type, value, options);
  }
}

/** JSON has no NaN or infinities; proto3 JSON prints them as strings. */
function renderDouble(value: number): number | string {
  return Number.isFinite(value) ? value : String(value);
}

/** The shortest decimal that reads back as the same float32 (0.1, not 0.10000000149011612). */
function shortestFloat(value: number): number {
  for (let digits = 1; digits < 17; digits++) {
    const candidate = Number(value.toPrecision(digits));
    if (Math.fround(candidate) === value) return candidate;
  }
  return value;
}
