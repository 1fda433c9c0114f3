/**
 * Renders a decoded response message as JSON, walking its fields in declaration order:
 * keys in the route's casing, repeated fields always as arrays, maps as objects,
 * Timestamps as ISO instants, int64 as numbers, bytes as base64, enums by name. A field
 * with presence that is unset is left out ("omit") or printed as null ("null"); "omit-empty"
 * also leaves out empty lists.
 *
 * Every reply of a bulk call renders thousands of nodes, so each message type is compiled
 * once per output rule into a plan of per-field closures: the per-node work is then a read,
 * a presence test and a call, with no type inspection.
 */
import protobuf from "protobufjs";
import { Instant } from "../../../services/kit/time/instant.js";
import { fullNameOf, hasPresence, LIST_VALUE, STRUCT, TIMESTAMP, toNumber, VALUE } from "./field-kinds.js";
import { outputKey } from "./field-names.js";
import type { Casing, NullRule } from "./route-spec.js";
import { listToJson, structToJson, valueToJson } from "./struct-json.js";

export interface RenderOptions {
  casing: Casing;
  nulls: NullRule;
}

type Message = Record<string, unknown>;
type RenderValue = (value: unknown) => unknown;
type RenderMessage = (message: Message) => Message;

interface FieldPlan {
  name: string;
  key: string;
  presence: boolean;
  /** A repeated field, which "omit-empty" leaves out when it has no element. */
  list: boolean;
  render: RenderValue;
}

export function renderMessage(type: protobuf.Type, message: object, options: RenderOptions): Message {
  return messageRenderer(type, options)(message as Message);
}

/** One field of the message on its own (a route's `responseBody`); unset with presence is null. */
export function renderOneField(field: protobuf.Field, message: object, options: RenderOptions): unknown {
  if (hasPresence(field) && !isSet(message as Message, field.name)) return null;
  return fieldRenderer(field, options)((message as Message)[field.name]);
}

const messageRenderers = new Map<string, WeakMap<protobuf.Type, RenderMessage>>();
const fieldRenderers = new Map<string, WeakMap<protobuf.Field, RenderValue>>();

function cacheOf<K extends object, V>(caches: Map<string, WeakMap<K, V>>, options: RenderOptions) {
  const id = `${options.casing}/${options.nulls}`;
  let cache = caches.get(id);
  if (!cache) {
    cache = new WeakMap();
    caches.set(id, cache);
  }
  return cache;
}

/** The compiled renderer of a type; its field plans are built on first use, so recursive types work. */
function messageRenderer(type: protobuf.Type, options: RenderOptions): RenderMessage {
  const cache = cacheOf(messageRenderers, options);
  const cached = cache.get(type);
  if (cached) return cached;
  let plans: FieldPlan[] | undefined;
  const printNull = options.nulls === "null";
  const omitEmpty = options.nulls === "omit-empty";
  const render: RenderMessage = (message) => {
    plans ??= type.fieldsArray.map((field) => fieldPlan(field, options));
    const json: Message = {};
    for (const plan of plans) {
      if (plan.presence && !isSet(message, plan.name)) {
        if (printNull) json[plan.key] = null;
        continue;
      }
      const value = plan.render(message[plan.name]);
      if (omitEmpty && plan.list && (value as unknown[]).length === 0) continue;
      json[plan.key] = value;
    }
    return json;
  };
  cache.set(type, render);
  return render;
}

function fieldPlan(field: protobuf.Field, options: RenderOptions): FieldPlan {
  return {
    name: field.name,
    key: outputKey(field, options.casing),
    presence: hasPresence(field),
    list: field.repeated && !field.map,
    render: fieldRenderer(field, options),
  };
}

function fieldRenderer(field: protobuf.Field, options: RenderOptions): RenderValue {
  const cache = cacheOf(fieldRenderers, options);
  const cached = cache.get(field);
  if (cached) return cached;
  const single = singleRenderer(field, options);
  let render: RenderValue = single;
  if (field.map) {
    render = (value) => {
      const json: Message = {};
      for (const [key, entry] of Object.entries((value ?? {}) as Message)) json[key] = single(entry);
      return json;
    };
  } else if (field.repeated) {
    render = (value) => {
      const items = (value ?? []) as unknown[];
      const json = new Array<unknown>(items.length);
      for (let index = 0; index < items.length; index++) json[index] = single(items[index]);
      return json;
    };
  }
  cache.set(field, render);
  return render;
}

function singleRenderer(field: protobuf.Field, options: RenderOptions): RenderValue {
  const resolved = field.resolve().resolvedType;
  if (resolved instanceof protobuf.Enum) {
    return (value) => {
      const number = toNumber(value ?? 0);
      return resolved.valuesById[number] ?? number;
    };
  }
  if (resolved instanceof protobuf.Type) return messageValueRenderer(resolved, options);
  switch (field.type) {
    case "string":
      return (value) => value ?? "";
    case "bool":
      return (value) => value ?? false;
    case "bytes":
      return (value) => Buffer.from((value ?? []) as Uint8Array).toString("base64");
    case "double":
      return (value) => renderDouble(toNumber(value ?? 0));
    case "float":
      return (value) => renderDouble(shortestFloat(toNumber(value ?? 0)));
    default:
      return (value) => toNumber(value ?? 0);
  }
}

function messageValueRenderer(type: protobuf.Type, options: RenderOptions): RenderValue {
  switch (fullNameOf(type)) {
    case TIMESTAMP:
      return (value) => {
        const timestamp = (value ?? {}) as Message;
        return Instant.fromTimestamp({
          seconds: toNumber(timestamp.seconds ?? 0),
          nanos: toNumber(timestamp.nanos ?? 0),
        }).toString();
      };
    case STRUCT:
      return (value) => structToJson((value ?? {}) as Message);
    case VALUE:
      return (value) => valueToJson((value ?? {}) as Message);
    case LIST_VALUE:
      return (value) => listToJson((value ?? {}) as Message);
    default: {
      const render = messageRenderer(type, options);
      return (value) => render((value ?? {}) as Message);
    }
  }
}

function isSet(message: Message, name: string): boolean {
  return Object.hasOwn(message, name) && message[name] != null;
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
