import type protobuf from "protobufjs";
import type { Casing } from "./route-spec.js";

export function camelCase(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

const camelKeys = new WeakMap<protobuf.Field, string>();

/** The JSON key of a field in the given casing (camel keys computed once per field: this runs per node rendered). */
export function outputKey(field: protobuf.Field, casing: Casing): string {
  if (casing !== "camel") return field.name;
  let key = camelKeys.get(field);
  if (key === undefined) {
    key = camelCase(field.name);
    camelKeys.set(field, key);
  }
  return key;
}

const keyIndexes = new WeakMap<protobuf.Type, Map<string, protobuf.Field>>();

/** The field an input key names: its proto name (snake_case) or its camelCase form. */
export function findField(type: protobuf.Type, key: string): protobuf.Field | undefined {
  let index = keyIndexes.get(type);
  if (!index) {
    index = new Map();
    for (const field of type.fieldsArray) index.set(camelCase(field.name), field);
    for (const field of type.fieldsArray) index.set(field.name, field);
    keyIndexes.set(type, index);
  }
  return index.get(key);
}
