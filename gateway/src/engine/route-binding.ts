/**
 * Checks each RouteSpec against the proto types at startup and resolves it to the fields
 * it reads and writes, so a broken table fails when the gateway starts, not per request.
 */
import type protobuf from "protobufjs";
import type { MethodAccess } from "../../../services/kit/grpc/method-access.js";
import { messageTypeOf, TIMESTAMP } from "./field-kinds.js";
import { findField } from "./field-names.js";
import { joinPath, templateParameters } from "./path-template.js";
import { type RpcMethod, resolveRpc } from "./proto-registry.js";
import type {
  BodyEncoding,
  Casing,
  GrpcStatusName,
  HttpMethod,
  NullRule,
  RenderMode,
  RouteSpec,
  ServiceRoutes,
} from "./route-spec.js";
import { grpcStatusName } from "./status-table.js";
import { type BoundUpload, bindUpload, checkStreaming } from "./stream-binding.js";

export interface BoundRoute {
  readonly spec: RouteSpec;
  readonly domain: string;
  readonly method: HttpMethod;
  /** Base path + route path, with `{field}` parameters. */
  readonly template: string;
  readonly rpc: RpcMethod;
  /** Who may call the rpc, as its domain declares and enforces it. */
  readonly access: MethodAccess;
  /** The message path, query and body fill: the request, or an upload's header. */
  readonly inputType: protobuf.Type;
  /** Set when the route streams a multipart file into a client-streaming rpc. */
  readonly upload: BoundUpload | undefined;
  readonly pathFields: readonly protobuf.Field[];
  readonly queryFields: readonly protobuf.Field[];
  /** "*": body keys are top-level request fields; a field: the body fills it; undefined: no body. */
  readonly body: "*" | protobuf.Field | undefined;
  readonly bodyEncodings: readonly BodyEncoding[];
  readonly responseField: protobuf.Field | undefined;
  readonly render: RenderMode;
  readonly successStatus: number;
  readonly casing: Casing;
  readonly nulls: NullRule;
  readonly errorStatus: Readonly<Partial<Record<GrpcStatusName, number>>>;
  /** Headers an "http-body" reply sets from its string fields. */
  readonly replyHeaders: readonly { header: string; field: protobuf.Field }[];
}

const DEFAULT_ENCODINGS: readonly BodyEncoding[] = ["json", "form"];
/** gRPC codes run from 0 (OK) to 16 (UNAUTHENTICATED). */
const STATUS_NAMES: ReadonlySet<string> = new Set(
  Array.from({ length: 17 }, (_, code) => grpcStatusName(code) ?? "OK").filter((name) => name !== "OK"),
);

/** Binds every route of a table; throws one error listing all the problems found. */
export function bindRoutes(service: ServiceRoutes, root: protobuf.Root): BoundRoute[] {
  const problems: string[] = [];
  const bound: BoundRoute[] = [];
  const seen = new Set<string>();
  for (const spec of service.routes) {
    const shape = `${spec.method} ${spec.path.replace(/\{[^}]*\}/g, "{}")}`;
    if (seen.has(shape)) problems.push(`${spec.method} ${spec.path}: duplicate route`);
    seen.add(shape);
    try {
      bound.push(bindRoute(service, spec, root));
    } catch (error) {
      problems.push(`${spec.method} ${spec.path}: ${(error as Error).message}`);
    }
  }
  if (problems.length > 0) {
    throw new Error(`Invalid route table "${service.domain}":\n  ${problems.join("\n  ")}`);
  }
  return bound;
}

function bindRoute(service: ServiceRoutes, spec: RouteSpec, root: protobuf.Root): BoundRoute {
  const rpc = resolveRpc(root, spec.rpc);
  const render = spec.render ?? "json";
  checkStreaming(spec, rpc, render);
  const upload = bindUpload(spec, rpc);
  const inputType = upload?.headerType ?? rpc.requestType;
  const pathFields = templateParameters(spec.path).map((name) => pathField(inputType, name));
  const queryFields = (spec.query ?? []).map((name) => requestField(inputType, name, "query parameter"));
  const bodyEncodings = spec.bodyEncodings ?? DEFAULT_ENCODINGS;
  const body = upload ? "*" : bindBody(spec, inputType, bodyEncodings);
  const responseField =
    spec.responseBody === undefined
      ? undefined
      : requestField(rpc.responseType, spec.responseBody, "responseBody");
  if (render === "http-body" || render === "http-body-stream") checkHttpBody(rpc.responseType, spec);
  const replyHeaders = bindReplyHeaders(spec, rpc.responseType, render);
  const successStatus = spec.successStatus ?? 200;
  if (!Number.isInteger(successStatus) || successStatus < 200 || successStatus > 299) {
    throw new Error(`successStatus ${successStatus} is not a 2xx status`);
  }
  for (const [name, status] of Object.entries(spec.errorStatus ?? {})) {
    if (!STATUS_NAMES.has(name)) throw new Error(`errorStatus names unknown gRPC status ${name}`);
    if (!Number.isInteger(status) || status < 400 || status > 599)
      throw new Error(`errorStatus ${name} is not 4xx/5xx`);
  }
  // Last, so a route that does not fit its rpc is reported as such first.
  const access = service.access.get(spec.rpc);
  if (access === undefined)
    throw new Error(`${spec.rpc} has no declared access (the table's access lists none for it)`);
  return {
    spec,
    domain: service.domain,
    method: spec.method,
    template: joinPath(service.basePath, spec.path),
    rpc,
    access,
    inputType,
    upload,
    pathFields,
    queryFields,
    body,
    bodyEncodings: body === undefined ? [] : bodyEncodings,
    responseField,
    render,
    successStatus,
    casing: spec.casing ?? service.casing,
    nulls: spec.nulls ?? service.nulls,
    errorStatus: spec.errorStatus ?? {},
    replyHeaders,
  };
}

function bindReplyHeaders(
  spec: RouteSpec,
  type: protobuf.Type,
  render: RenderMode,
): { header: string; field: protobuf.Field }[] {
  const entries = Object.entries(spec.replyHeaders ?? {});
  if (entries.length > 0 && render !== "http-body") throw new Error('replyHeaders needs render "http-body"');
  return entries.map(([header, name]) => {
    const field = requestField(type, name, "replyHeaders field");
    if (field.type !== "string" || field.repeated || field.map) {
      throw new Error(`replyHeaders field "${name}" must be a string field`);
    }
    if (!/^[A-Za-z0-9-]+$/.test(header))
      throw new Error(`replyHeaders header "${header}" is not a header name`);
    return { header, field };
  });
}

function requestField(type: protobuf.Type, name: string, role: string): protobuf.Field {
  const field = findField(type, name);
  if (!field) throw new Error(`${role} "${name}" is not a field of ${type.fullName.slice(1)}`);
  return field;
}

function pathField(type: protobuf.Type, name: string): protobuf.Field {
  const field = requestField(type, name, "path parameter");
  const message = messageTypeOf(field);
  if (field.map || (message && message.fullName !== TIMESTAMP)) {
    throw new Error(`path parameter "${name}" must be a scalar, enum or Timestamp field`);
  }
  return field;
}

function bindBody(
  spec: RouteSpec,
  type: protobuf.Type,
  encodings: readonly BodyEncoding[],
): "*" | protobuf.Field | undefined {
  if (spec.body === undefined) {
    if (spec.bodyEncodings) throw new Error("bodyEncodings is set but body is not");
    return undefined;
  }
  if (encodings.length === 0) throw new Error("bodyEncodings is empty");
  const fieldsLike = encodings.includes("form") || encodings.includes("multipart");
  if (spec.body === "*") {
    if (encodings.includes("text")) throw new Error('a text body needs body to name a string field, not "*"');
    return "*";
  }
  const field = requestField(type, spec.body, "body");
  const message = messageTypeOf(field);
  if (fieldsLike && (field.repeated || field.map || !message || message.fullName === TIMESTAMP)) {
    throw new Error(`form and multipart bodies need body "*" or a message field, not "${spec.body}"`);
  }
  if (encodings.includes("text") && (field.repeated || field.type !== "string")) {
    throw new Error(`a text body needs body to name a string field, not "${spec.body}"`);
  }
  return field;
}

function checkHttpBody(type: protobuf.Type, spec: RouteSpec): void {
  if (spec.responseBody !== undefined)
    throw new Error(`render "${spec.render}" cannot be combined with responseBody`);
  const contentType = findField(type, "content_type");
  const data = findField(type, "data");
  if (contentType?.type !== "string" || data?.type !== "bytes" || data.repeated) {
    throw new Error(
      `render "${spec.render}" needs ${type.fullName.slice(1)} to have content_type (string) and data (bytes)`,
    );
  }
}
