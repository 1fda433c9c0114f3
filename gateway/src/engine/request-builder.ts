/**
 * Builds the gRPC request object from the three places a REST call carries values.
 * Keys are request field names in snake_case or camelCase; unknown keys are ignored.
 * When several places give the same field, the path wins over the body, and the body
 * over the query string.
 */
import type protobuf from "protobufjs";
import { badRequest } from "./error-body.js";
import { coerceField, type InputMode, isPlainObject } from "./field-coercion.js";
import { findField } from "./field-names.js";
import { checkPageLimit } from "./request-limits.js";
import type { BoundRoute } from "./route-binding.js";

/** A request body after its codec ran. Form and multipart fields are text; files are Buffers. */
export type ParsedBody =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "fields"; value: Record<string, unknown> }
  | { kind: "text"; value: string };

export interface RequestSources {
  params: Readonly<Record<string, string>>;
  query: Readonly<Record<string, unknown>>;
  body: ParsedBody;
}

interface Entry {
  value: unknown;
  mode: InputMode;
  label: string;
}

export function buildRequest(route: BoundRoute, sources: RequestSources): Record<string, unknown> {
  const type = route.inputType;
  const entries = new Map<protobuf.Field, Entry>();
  collect(entries, type, sources.query, "text");
  collectBody(entries, route, sources.body);
  collect(entries, type, sources.params, "text");
  const request: Record<string, unknown> = {};
  for (const [field, entry] of entries) {
    const value = coerceField(field, entry.value, entry.mode, entry.label);
    if (value !== undefined) request[field.name] = value;
  }
  checkPageLimit(request, route.render, route.spec.maxLimit);
  return request;
}

function collect(
  entries: Map<protobuf.Field, Entry>,
  type: protobuf.Type,
  values: Readonly<Record<string, unknown>>,
  mode: InputMode,
): void {
  for (const [key, value] of Object.entries(values)) {
    const field = findField(type, key);
    if (field && value !== undefined) entries.set(field, { value, mode, label: key });
  }
}

function collectBody(entries: Map<protobuf.Field, Entry>, route: BoundRoute, body: ParsedBody): void {
  if (route.body === undefined || body.kind === "none") return;
  const mode = bodyMode(route, body);
  if (route.body !== "*") {
    entries.set(route.body, { value: body.value, mode, label: "" });
    return;
  }
  if (!isPlainObject(body.value)) throw badRequest("request body must be a JSON object");
  collect(entries, route.inputType, body.value, mode);
}

function bodyMode(route: BoundRoute, body: ParsedBody): InputMode {
  if (body.kind !== "json") return "text";
  return route.spec.strictStrings === true ? "strict-json" : "json";
}
