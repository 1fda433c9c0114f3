/**
 * google.protobuf.Struct / Value / ListValue <-> plain JSON. The protobufjs bundled
 * definitions name these fields in camelCase (`numberValue`, `structValue`, ...).
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function valueFromJson(json: unknown): Record<string, unknown> {
  if (json === null || json === undefined) return { nullValue: 0 };
  if (typeof json === "number") return { numberValue: json };
  if (typeof json === "string") return { stringValue: json };
  if (typeof json === "boolean") return { boolValue: json };
  if (Array.isArray(json)) return { listValue: listFromJson(json) };
  return { structValue: structFromJson(json as Record<string, unknown>) };
}

export function structFromJson(json: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(json)) fields[key] = valueFromJson(value);
  return { fields };
}

export function listFromJson(json: readonly unknown[]): Record<string, unknown> {
  return { values: json.map(valueFromJson) };
}

interface ValueMessage {
  nullValue?: unknown;
  numberValue?: number;
  stringValue?: string;
  boolValue?: boolean;
  structValue?: StructMessage | null;
  listValue?: ListMessage | null;
}
interface StructMessage {
  fields?: Record<string, ValueMessage>;
}
interface ListMessage {
  values?: ValueMessage[];
}

function has(message: object, key: string): boolean {
  return Object.hasOwn(message, key) && (message as Record<string, unknown>)[key] != null;
}

export function valueToJson(message: ValueMessage): Json {
  if (has(message, "numberValue")) return message.numberValue ?? 0;
  if (has(message, "stringValue")) return message.stringValue ?? "";
  if (has(message, "boolValue")) return message.boolValue ?? false;
  if (has(message, "structValue")) return structToJson(message.structValue ?? {});
  if (has(message, "listValue")) return listToJson(message.listValue ?? {});
  return null;
}

export function structToJson(message: StructMessage): { [key: string]: Json } {
  const json: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(message.fields ?? {})) json[key] = valueToJson(value);
  return json;
}

export function listToJson(message: ListMessage): Json[] {
  return (message.values ?? []).map(valueToJson);
}
