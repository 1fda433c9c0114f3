import type protobuf from "protobufjs";
import type { Casing } from "./route-spec.js";

export function camelCase(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

export function outputKey(field: protobuf.Field, casing: Casing): string {
  return casing === "camel" ? camelCase(field.name) : field.name;
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
