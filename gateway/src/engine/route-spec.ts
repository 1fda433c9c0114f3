/**
 * The declarative route table: one RouteSpec per REST endpoint, grouped per domain
 * in a ServiceRoutes. The engine turns each entry into a Koa route that builds the
 * gRPC request from path, query and body, calls the domain and renders the reply.
 */
import type { RpcAccess } from "../../../services/kit/grpc/method-access.js";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";

/** How keys are printed in JSON output. Input always accepts snake_case and camelCase. */
export type Casing = "snake" | "camel";

/**
 * How an absent optional field is printed: left out, or printed as null. "omit-empty" also
 * leaves out empty lists (the legacy kb's phylogeny printer).
 */
export type NullRule = "omit" | "null" | "omit-empty";

/** Request body encodings a route accepts. */
export type BodyEncoding = "json" | "form" | "multipart" | "text";

/**
 * How the reply is written. "json" renders the response message. "http-body" sends raw
 * bytes (images, TSV): the response message has a `content_type` string, a `data` bytes
 * field and an optional `filename` string; a non-empty filename adds
 * `Content-Disposition: attachment`.
 * The streamed modes need a server-streaming rpc and write as the messages arrive:
 * "json-stream" writes one JSON array of the items of every message's `responseBody` (a
 * repeated field); "json-stream-object" writes one JSON object: the first message's other
 * fields, then `responseBody` holding the items of every message (an envelope around a
 * streamed list, e.g. `{"query_constraints": …, "content": […]}`); "http-body-stream" takes
 * `content_type` and `filename` from the first message and writes the `data` bytes of every
 * message. A client that disconnects cancels the call; an error after the first byte aborts
 * the response.
 */
export type RenderMode = "json" | "http-body" | "json-stream" | "json-stream-object" | "http-body-stream";

/**
 * A multipart file upload streamed into a client-streaming rpc whose request has a `header`
 * message field and a `chunk` bytes field (a oneof). The header is built like a unary request
 * (path, query, the form fields before the file part, plus `file_name` and `content_type` from
 * the file part when the header has such fields); then the file goes as chunks of at most 64 KiB.
 */
export interface UploadSpec {
  /** The multipart field holding the file. */
  fileField: string;
  /** A larger file is refused with 413 and the call cancelled. */
  maxBytes: number;
}

/** gRPC status names, as in @grpc/grpc-js `status`. */
export type GrpcStatusName =
  | "CANCELLED"
  | "UNKNOWN"
  | "INVALID_ARGUMENT"
  | "DEADLINE_EXCEEDED"
  | "NOT_FOUND"
  | "ALREADY_EXISTS"
  | "PERMISSION_DENIED"
  | "RESOURCE_EXHAUSTED"
  | "FAILED_PRECONDITION"
  | "ABORTED"
  | "OUT_OF_RANGE"
  | "UNIMPLEMENTED"
  | "INTERNAL"
  | "UNAVAILABLE"
  | "DATA_LOSS"
  | "UNAUTHENTICATED";

export interface RouteSpec {
  method: HttpMethod;
  /** Path below the service's base path, with `{field}` parameters named after request fields. */
  path: string;
  /** Fully qualified method: `m3.registry.v1.MediaService/GetMediaBySha512`. */
  rpc: string;
  /** One line for the OpenAPI document. */
  summary: string;
  /** Where the body goes: "*" = the request's top-level fields; a field name = that message field. Unset = no body. */
  body?: string;
  /** Accepted body encodings; default ["json", "form"] when `body` is set. */
  bodyEncodings?: readonly BodyEncoding[];
  /**
   * A JSON number or boolean sent for a string field is a 400 naming the field. Default false:
   * it is read as text, because legacy clients send ids such as camera_id as numbers.
   */
  strictStrings?: boolean;
  /** Render only this field of the response (e.g. "names" gives a bare JSON array). */
  responseBody?: string;
  /** Success status; default 200 (204 renders no body). */
  successStatus?: number;
  /** Null rule for this route, overriding the service's. */
  nulls?: NullRule;
  /** Output casing for this route, overriding the service's (e.g. the legacy token body is snake_case). */
  casing?: Casing;
  /** Per-route overrides of the gRPC -> HTTP status table, only where the spec demands. */
  errorStatus?: Partial<Record<GrpcStatusName, number>>;
  /** Query parameters documented for this route (they map to request fields of the same name). */
  query?: readonly string[];
  /** Default "json". */
  render?: RenderMode;
  /** Largest `limit` of this route when its answer is built in memory; default MAX_PAGE_LIMIT (10,000). */
  maxLimit?: number;
  /** Streams a multipart file into a client-streaming rpc; needs bodyEncodings ["multipart"]. */
  upload?: UploadSpec;
  /**
   * Response headers taken from string fields of an "http-body" reply, header name to field name
   * (e.g. `{ "X-Cache": "cache_status" }`); an empty field sends no header.
   */
  replyHeaders?: Readonly<Record<string, string>>;
}

export interface ServiceRoutes {
  /** Domain name, e.g. "registry": the domain whose gRPC server answers the routes. */
  domain: string;
  /**
   * The table's own name where its domain serves more than one (capture serves beholder's routes
   * and skimmer's, the annotation domain its own and charybdis's datasets at /references): it
   * names the table's lines in endpoints.txt and its M3_<NAME>_BASE_PATH and
   * M3_<NAME>_CONTEXT_PATH settings. Default: the domain.
   */
  name?: string;
  /** REST base path, e.g. "/vam". Routes live at base + route.path. */
  basePath: string;
  /** Title of the OpenAPI document. */
  title: string;
  /** Where Swagger UI is served, below basePath; default ["/docs"]. */
  docsPaths?: readonly string[];
  /** .proto files (relative to proto/) that define the routes' methods. */
  protoFiles: readonly string[];
  /**
   * Who may call the routes' methods: the domain's access declarations (e.g.
   * services/registry/registry.access.ts), which the domain enforces and the OpenAPI document prints.
   */
  access: RpcAccess;
  /** Output casing of JSON keys. */
  casing: Casing;
  /**
   * The other casing a deployment may choose with M3_<NAME>_CASING, where the legacy service
   * shipped in both (charybdis's camelCase and snake_case builds). Unset: the casing is fixed.
   */
  otherCasing?: Casing;
  /** Output rule for absent optional fields. */
  nulls: NullRule;
  routes: readonly RouteSpec[];
}
