/**
 * Startup checks of the streamed routes: a streamed render needs a server-streaming rpc whose
 * messages have the fields it writes; an upload needs a client-streaming rpc whose request is
 * a `header` message or a `chunk` of bytes.
 */
import type protobuf from "protobufjs";
import { messageTypeOf } from "./field-kinds.js";
import { findField } from "./field-names.js";
import type { RpcMethod } from "./proto-registry.js";
import type { RenderMode, RouteSpec } from "./route-spec.js";

export interface BoundUpload {
  fileField: string;
  maxBytes: number;
  /** The request's `header` field and its message type (what path, query and form fields fill). */
  headerField: protobuf.Field;
  headerType: protobuf.Type;
  chunkField: protobuf.Field;
  /** The header's `file_name` and `content_type` string fields, filled from the file part. */
  fileNameField: protobuf.Field | undefined;
  contentTypeField: protobuf.Field | undefined;
}

const STREAMED_RENDERS: ReadonlySet<RenderMode> = new Set([
  "json-stream",
  "json-stream-object",
  "http-body-stream",
]);

export function isStreamedRender(render: RenderMode): boolean {
  return STREAMED_RENDERS.has(render);
}

/** Checks the rpc's streaming against the route's render and upload. */
export function checkStreaming(spec: RouteSpec, rpc: RpcMethod, render: RenderMode): void {
  if (isStreamedRender(render) !== rpc.responseStream) {
    throw new Error(
      rpc.responseStream
        ? `rpc is server-streaming: render must be "json-stream", "json-stream-object" or "http-body-stream"`
        : `render "${render}" needs a server-streaming rpc`,
    );
  }
  if ((spec.upload !== undefined) !== rpc.requestStream) {
    throw new Error(
      rpc.requestStream
        ? "rpc is client-streaming: upload must be set"
        : "upload needs a client-streaming rpc",
    );
  }
  if (render === "json-stream" || render === "json-stream-object") {
    const field =
      spec.responseBody === undefined ? undefined : findField(rpc.responseType, spec.responseBody);
    if (!field?.repeated) throw new Error(`render "${render}" needs responseBody to name a repeated field`);
  }
}

export function bindUpload(spec: RouteSpec, rpc: RpcMethod): BoundUpload | undefined {
  const upload = spec.upload;
  if (upload === undefined) return undefined;
  if (!Number.isInteger(upload.maxBytes) || upload.maxBytes <= 0) {
    throw new Error("upload.maxBytes must be a positive integer");
  }
  if (upload.fileField === "") throw new Error("upload.fileField must not be empty");
  if (spec.body !== undefined && spec.body !== "*") throw new Error('an upload takes body "*" or no body');
  const encodings = spec.bodyEncodings ?? [];
  if (encodings.length !== 1 || encodings[0] !== "multipart") {
    throw new Error('an upload needs bodyEncodings ["multipart"]');
  }
  const type = rpc.requestType;
  const headerField = findField(type, "header");
  const headerType = headerField ? messageTypeOf(headerField) : undefined;
  const chunkField = findField(type, "chunk");
  if (
    !headerField ||
    !headerType ||
    headerField.repeated ||
    chunkField?.type !== "bytes" ||
    chunkField.repeated
  ) {
    throw new Error(`an upload needs ${type.fullName.slice(1)} to have a header message and chunk bytes`);
  }
  return {
    fileField: upload.fileField,
    maxBytes: upload.maxBytes,
    headerField,
    headerType,
    chunkField,
    fileNameField: stringField(headerType, "file_name"),
    contentTypeField: stringField(headerType, "content_type"),
  };
}

function stringField(type: protobuf.Type, name: string): protobuf.Field | undefined {
  const field = findField(type, name);
  return field?.type === "string" && !field.repeated ? field : undefined;
}
