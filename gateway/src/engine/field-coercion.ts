/**
 * Turns input values into the values protobufjs encodes, by the target field's proto type.
 * Values come in three modes: "json" (a JSON body keeps its types), "strict-json" (the same,
 * but a JSON number or boolean is not read as text for a string field) and "text" (path,
 * query, form and multipart values are strings; an empty string means absent for non-string
 * fields). JSON null means absent too. A value that does not fit is a 400 naming the field.
 * In JSON a value must be of its field's kind, as in protobuf's JSON mapping: a list is an
 * array (never one bare value), a message an object, a boolean true or false, a timestamp
 * an ISO-8601 string; numbers may be quoted, and string fields take numbers and booleans,
 * which legacy clients send for ids such as camera_id. Text values convert from strings, and
 * a single text value fills a list of one.
 */
import protobuf from "protobufjs";
import { Instant } from "../../../services/kit/time/instant.js";
import { badRequest, type GatewayError } from "./error-body.js";
import {
  enumValuePrefix,
  fullNameOf,
  INTEGER_RANGES,
  LIST_VALUE,
  STRUCT,
  TIMESTAMP,
  VALUE,
} from "./field-kinds.js";
import { findField } from "./field-names.js";
import { checkListLength } from "./request-limits.js";
import { listFromJson, structFromJson, valueFromJson } from "./struct-json.js";

export type InputMode = "json" | "strict-json" | "text";

/** Absent values come back as undefined. */
export function coerceField(field: protobuf.Field, value: unknown, mode: InputMode, label: string): unknown {
  if (value === null || value === undefined) return undefined;
  if (field instanceof protobuf.MapField) return coerceMap(field, value, mode, label);
  if (field.repeated) return coerceRepeated(field, value, mode, label);
  if (Array.isArray(value) && mode === "text") {
    if (value.length !== 1) throw invalid(label, "must be a single value");
    return coerceSingle(field, value[0], mode, label);
  }
  return coerceSingle(field, value, mode, label);
}

/** A JSON object (or a form's nested fields) into a message; unknown keys are ignored. */
export function coerceMessage(
  type: protobuf.Type,
  object: Record<string, unknown>,
  mode: InputMode,
  label: string,
): Record<string, unknown> {
  const message: Record<string, unknown> = {};
  for (const key of Object.keys(object)) {
    const field = findField(type, key);
    if (!field) continue;
    const value = coerceField(field, object[key], mode, label === "" ? key : `${label}.${key}`);
    if (value !== undefined) message[field.name] = value;
  }
  return message;
}

function coerceRepeated(field: protobuf.Field, value: unknown, mode: InputMode, label: string): unknown[] {
  if (mode === "json" && !Array.isArray(value)) throw invalid(label, "must be a list");
  const items = Array.isArray(value) ? value : [value];
  checkListLength(items, label);
  const result: unknown[] = [];
  items.forEach((item, index) => {
    const itemLabel = Array.isArray(value) ? `${label}[${index}]` : label;
    if (item === null || item === undefined) throw invalid(itemLabel, "must not be null");
    const coerced = coerceSingle(field, item, mode, itemLabel);
    if (coerced !== undefined) result.push(coerced);
  });
  return result;
}

function coerceMap(field: protobuf.MapField, value: unknown, mode: InputMode, label: string): unknown {
  const object = objectOf(value, mode, label);
  if (object === undefined) return undefined;
  const map: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(object)) {
    const entryLabel = `${label}.${key}`;
    if (coerceScalar(field.keyType, key, "text", entryLabel) === undefined) {
      throw invalid(label, "has an empty key");
    }
    if (raw === null || raw === undefined) throw invalid(entryLabel, "must not be null");
    const coerced = coerceSingle(field, raw, mode, entryLabel);
    if (coerced !== undefined) map[key] = coerced;
  }
  return map;
}

function coerceSingle(field: protobuf.FieldBase, value: unknown, mode: InputMode, label: string): unknown {
  const resolved = field.resolvedType;
  if (resolved instanceof protobuf.Enum) return coerceEnum(resolved, value, mode, label);
  if (resolved instanceof protobuf.Type) return coerceMessageValue(resolved, value, mode, label);
  return coerceScalar(field.type, value, mode, label);
}

function coerceMessageValue(type: protobuf.Type, value: unknown, mode: InputMode, label: string): unknown {
  if (mode === "text" && value === "") return undefined;
  switch (fullNameOf(type)) {
    case TIMESTAMP:
      return coerceTimestamp(value, label);
    case VALUE:
      return valueFromJson(value);
    case LIST_VALUE: {
      const list =
        mode === "text" && typeof value === "string" ? parseJson(value, label, "a JSON array") : value;
      if (!Array.isArray(list)) throw invalid(label, "must be an array");
      return listFromJson(list);
    }
    case STRUCT: {
      const object = objectOf(value, mode, label);
      return object === undefined ? undefined : structFromJson(object);
    }
  }
  const object = objectOf(value, mode, label);
  if (object === undefined) return undefined;
  // JSON text in a form field is read as JSON from there down.
  return coerceMessage(type, object, typeof value === "string" ? "json" : mode, label);
}

/** A JSON object, or in text mode a string holding one (form fields may carry JSON). */
function objectOf(value: unknown, mode: InputMode, label: string): Record<string, unknown> | undefined {
  if (mode === "text" && value === "") return undefined;
  const object =
    mode === "text" && typeof value === "string" ? parseJson(value, label, "a JSON object") : value;
  if (!isPlainObject(object)) throw invalid(label, "must be an object");
  return object;
}

function parseJson(text: string, label: string, expected: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw invalid(label, `must be ${expected}`);
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) && !Buffer.isBuffer(value);
}

function coerceTimestamp(value: unknown, label: string): unknown {
  const instant = typeof value === "string" ? Instant.parse(value) : undefined;
  if (!instant) throw invalid(label, "must be an ISO-8601 timestamp");
  return instant.toTimestamp();
}

/** Enums by name (case-insensitive, with or without the AIP `TYPE_NAME_` prefix) or by number. */
function coerceEnum(
  enumType: protobuf.Enum,
  value: unknown,
  mode: InputMode,
  label: string,
): number | undefined {
  if (mode === "text" && value === "") return undefined;
  const number = typeof value === "string" ? enumNumberOf(enumType, value.trim()) : value;
  if (typeof number === "number" && enumType.valuesById[number] !== undefined) return number;
  throw invalid(label, `must be one of ${Object.keys(enumType.values).join(", ")}`);
}

function enumNumberOf(enumType: protobuf.Enum, text: string): number | undefined {
  if (/^-?\d+$/.test(text)) return Number(text);
  const name = text.toUpperCase();
  return enumType.values[name] ?? enumType.values[enumValuePrefix(enumType) + name];
}

function coerceScalar(type: string, value: unknown, mode: InputMode, label: string): unknown {
  if (type === "string") return coerceString(value, mode, label);
  if (mode === "text" && value === "") return undefined;
  switch (type) {
    case "bool":
      if (mode === "json" && typeof value !== "boolean") throw invalid(label, "must be true or false");
      return coerceBoolean(value, label);
    case "double":
    case "float":
      return coerceDouble(value, label);
    case "bytes":
      return coerceBytes(value, label);
    default:
      return coerceInteger(type, value, label);
  }
}

function coerceString(value: unknown, mode: InputMode, label: string): string {
  if (typeof value === "string") return value;
  if (Buffer.isBuffer(value)) return value.toString("utf8");
  // Legacy clients send ids such as camera_id as JSON numbers.
  if (mode !== "strict-json" && (typeof value === "number" || typeof value === "boolean")) {
    return String(value);
  }
  throw invalid(label, "must be a string");
}

function coerceBoolean(value: unknown, label: string): boolean {
  if (typeof value === "boolean") return value;
  const text = String(value).trim().toLowerCase();
  if (typeof value === "number" || typeof value === "string") {
    if (text === "true" || text === "1") return true;
    if (text === "false" || text === "0") return false;
  }
  throw invalid(label, "must be a boolean");
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

function coerceDouble(value: unknown, label: string): number {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && DECIMAL.test(value.trim())) return Number(value);
  throw invalid(label, "must be a number");
}

function coerceInteger(type: string, value: unknown, label: string): number {
  let number: number | undefined;
  if (typeof value === "number" && Number.isInteger(value)) number = value;
  if (typeof value === "string" && /^[+-]?\d+$/.test(value.trim())) number = Number(value);
  if (number === undefined) throw invalid(label, "must be an integer");
  const [min, max] = INTEGER_RANGES[type] ?? [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
  if (number < min || number > max) throw invalid(label, `must be an integer between ${min} and ${max}`);
  return number;
}

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

function coerceBytes(value: unknown, label: string): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (typeof value === "string") {
    const text = value.trim();
    if (BASE64.test(text) && text.replace(/=+$/, "").length % 4 !== 1) return Buffer.from(text, "base64");
  }
  throw invalid(label, "must be base64");
}

function invalid(label: string, problem: string): GatewayError {
  return badRequest(`${label === "" ? "request body" : label} ${problem}`);
}
