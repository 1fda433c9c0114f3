import protobuf from "protobufjs";

/** Well-known message types with a JSON form of their own. */
export const TIMESTAMP = ".google.protobuf.Timestamp";
export const STRUCT = ".google.protobuf.Struct";
export const VALUE = ".google.protobuf.Value";
export const LIST_VALUE = ".google.protobuf.ListValue";

/** Integer types by the range of values a JSON number may carry into them. */
export const INTEGER_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  int32: [-2147483648, 2147483647],
  sint32: [-2147483648, 2147483647],
  sfixed32: [-2147483648, 2147483647],
  uint32: [0, 4294967295],
  fixed32: [0, 4294967295],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  sint64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  sfixed64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  uint64: [0, Number.MAX_SAFE_INTEGER],
  fixed64: [0, Number.MAX_SAFE_INTEGER],
};

const fullNames = new WeakMap<protobuf.Type, string>();

/**
 * A type's fully qualified name, cached: protobufjs rebuilds it from the parent chain on
 * every read, and the engine asks once per message value it coerces or renders.
 */
export function fullNameOf(type: protobuf.Type): string {
  let name = fullNames.get(type);
  if (name === undefined) {
    name = type.fullName;
    fullNames.set(type, name);
  }
  return name;
}

export function messageTypeOf(field: protobuf.Field): protobuf.Type | undefined {
  return field.resolvedType instanceof protobuf.Type ? field.resolvedType : undefined;
}

export function enumTypeOf(field: protobuf.Field): protobuf.Enum | undefined {
  return field.resolvedType instanceof protobuf.Enum ? field.resolvedType : undefined;
}

/**
 * Whether an unset field is distinguishable from its default: proto3 `optional`, oneof
 * members and singular message fields. Other scalars are always printed.
 */
export function hasPresence(field: protobuf.Field): boolean {
  if (field.repeated || field.map) return false;
  return field.partOf != null || messageTypeOf(field) !== undefined;
}

/** Long (int64 from protobufjs) or number to number; int64 values travel as JSON numbers. */
export function toNumber(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "string") return Number(value);
  if (value !== null && typeof value === "object" && "toNumber" in value) {
    return (value as { toNumber(): number }).toNumber();
  }
  return Number(value);
}

/** `ImageType` -> `IMAGE_TYPE`, the AIP prefix of the enum's value names. */
export function enumValuePrefix(enumType: protobuf.Enum): string {
  return `${enumType.name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase()}_`;
}
