import type { ServiceRoutes } from "../../../gateway/src/engine/route-spec.js";
import { rpcAccess } from "../../../services/kit/grpc/method-access.js";
import { STREAM_ACCESS } from "./stream-service.js";

const STREAMS = "m3.testing.v1.StreamService";

/** Upload limit of the fixture route: small, so the 413 test sends little. */
export const UPLOAD_MAX_BYTES = 1024 * 1024;

/** Upload limit of the large-upload route. */
export const LARGE_UPLOAD_MAX_BYTES = 256 * 1024 * 1024;

/** The route table of the fixture StreamService: one route per streamed render and an upload. */
export const streamRoutes: ServiceRoutes = {
  domain: "stream",
  basePath: "/stream",
  title: "Stream service",
  protoFiles: ["m3/testing/v1/stream_service.proto"],
  access: rpcAccess([STREAM_ACCESS]),
  casing: "camel",
  nulls: "null",
  routes: [
    {
      method: "GET",
      path: "/v1/items",
      rpc: `${STREAMS}/ListItems`,
      query: ["count", "page_size", "fail_first", "fail_after_pages", "endless", "padding"],
      responseBody: "items",
      render: "json-stream",
      summary: "Items, streamed",
    },
    {
      method: "GET",
      path: "/v1/items/object",
      rpc: `${STREAMS}/ListItems`,
      query: ["count", "page_size"],
      responseBody: "items",
      render: "json-stream-object",
      summary: "Items, streamed inside an object",
    },
    {
      method: "GET",
      path: "/v1/items/snake",
      rpc: `${STREAMS}/ListItems`,
      query: ["count", "page_size"],
      responseBody: "items",
      render: "json-stream",
      casing: "snake",
      nulls: "omit",
      summary: "Items, streamed in snake_case",
    },
    {
      method: "GET",
      path: "/v1/blob",
      rpc: `${STREAMS}/DownloadBlob`,
      query: ["size", "chunk_size", "filename"],
      render: "http-body-stream",
      summary: "A blob, streamed",
    },
    {
      method: "POST",
      path: "/v1/blobs/{owner}",
      rpc: `${STREAMS}/UploadBlob`,
      query: ["tag"],
      body: "*",
      bodyEncodings: ["multipart"],
      upload: { fileField: "file", maxBytes: UPLOAD_MAX_BYTES },
      summary: "Upload a blob",
    },
    {
      method: "POST",
      path: "/v1/large-blobs/{owner}",
      rpc: `${STREAMS}/UploadBlob`,
      bodyEncodings: ["multipart"],
      upload: { fileField: "file", maxBytes: LARGE_UPLOAD_MAX_BYTES },
      summary: "Upload a large blob",
    },
  ],
};
