import test from "ava";
import { loadProtoRoot } from "../../../gateway/src/engine/proto-registry.js";
import { bindRoutes } from "../../../gateway/src/engine/route-binding.js";
import type { RouteSpec, ServiceRoutes } from "../../../gateway/src/engine/route-spec.js";
import { buildOpenApiDocument } from "../../../gateway/src/openapi/openapi-document.js";
import { FIXTURE_PROTO_ROOT } from "../../support/gateway/fake-sample-server.js";
import { streamRoutes } from "../../support/gateway/stream-routes.js";

const STREAMS = "m3.testing.v1.StreamService";
const root = loadProtoRoot(FIXTURE_PROTO_ROOT, [
  "m3/testing/v1/stream_service.proto",
  "m3/testing/v1/sample_service.proto",
]);

function bindError(route: RouteSpec): string {
  const table: ServiceRoutes = { ...streamRoutes, routes: [route] };
  try {
    bindRoutes(table, root);
    return "";
  } catch (error) {
    return (error as Error).message;
  }
}

const BROKEN: ReadonlyArray<[string, RouteSpec, RegExp]> = [
  [
    "a server-streaming rpc rendered as plain json",
    { method: "GET", path: "/x", rpc: `${STREAMS}/ListItems`, summary: "" },
    /server-streaming: render must be "json-stream", "json-stream-object" or "http-body-stream"/,
  ],
  [
    "a streamed render of a unary rpc",
    {
      method: "GET",
      path: "/x",
      rpc: "m3.testing.v1.SampleService/GetSample",
      render: "json-stream",
      summary: "",
    },
    /render "json-stream" needs a server-streaming rpc/,
  ],
  [
    "a json-stream without a repeated responseBody",
    { method: "GET", path: "/x", rpc: `${STREAMS}/ListItems`, render: "json-stream", summary: "" },
    /needs responseBody to name a repeated field/,
  ],
  [
    "a json-stream-object whose responseBody is no repeated field",
    {
      method: "GET",
      path: "/x",
      rpc: `${STREAMS}/ListItems`,
      render: "json-stream-object",
      responseBody: "requested",
      summary: "",
    },
    /render "json-stream-object" needs responseBody to name a repeated field/,
  ],
  [
    "an http-body-stream of messages without data",
    {
      method: "GET",
      path: "/x",
      rpc: `${STREAMS}/ListItems`,
      render: "http-body-stream",
      summary: "",
    },
    /needs m3.testing.v1.ListItemsResponse to have content_type \(string\) and data \(bytes\)/,
  ],
  [
    "a client-streaming rpc without upload",
    {
      method: "POST",
      path: "/x",
      rpc: `${STREAMS}/UploadBlob`,
      body: "*",
      bodyEncodings: ["multipart"],
      summary: "",
    },
    /client-streaming: upload must be set/,
  ],
  [
    "an upload on a unary rpc",
    {
      method: "POST",
      path: "/x",
      rpc: "m3.testing.v1.SampleService/CreateSample",
      body: "*",
      bodyEncodings: ["multipart"],
      upload: { fileField: "file", maxBytes: 10 },
      summary: "",
    },
    /upload needs a client-streaming rpc/,
  ],
  [
    "an upload accepting json",
    {
      method: "POST",
      path: "/x",
      rpc: `${STREAMS}/UploadBlob`,
      body: "*",
      bodyEncodings: ["json", "multipart"],
      upload: { fileField: "file", maxBytes: 10 },
      summary: "",
    },
    /an upload needs bodyEncodings \["multipart"\]/,
  ],
  [
    "an upload without a positive maxBytes",
    {
      method: "POST",
      path: "/x",
      rpc: `${STREAMS}/UploadBlob`,
      bodyEncodings: ["multipart"],
      upload: { fileField: "file", maxBytes: 0 },
      summary: "",
    },
    /upload.maxBytes must be a positive integer/,
  ],
  [
    "an upload path parameter that is no header field",
    {
      method: "POST",
      path: "/x/{chunk}",
      rpc: `${STREAMS}/UploadBlob`,
      bodyEncodings: ["multipart"],
      upload: { fileField: "file", maxBytes: 10 },
      summary: "",
    },
    /path parameter "chunk" is not a field of m3.testing.v1.UploadBlobHeader/,
  ],
];

for (const [kind, route, message] of BROKEN) {
  test(`a route table with ${kind} fails at startup`, (t) => {
    t.regex(bindError(route), message);
  });
}

test("the OpenAPI document describes streamed replies and the upload's form", (t) => {
  const document = buildOpenApiDocument(streamRoutes, bindRoutes(streamRoutes, root)) as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  const items = document.paths["/v1/items"]?.get as { responses: Record<string, { description: string }> };
  t.regex(items.responses["200"]?.description ?? "", /streamed/);
  const blob = document.paths["/v1/blob"]?.get as { responses: Record<string, { content: object }> };
  t.deepEqual(blob.responses["200"]?.content, { "*/*": { schema: { type: "string", format: "binary" } } });
  const upload = document.paths["/v1/blobs/{owner}"]?.post as {
    requestBody: { content: Record<string, { schema: { properties: object; required: string[] } }> };
  };
  const form = upload.requestBody.content["multipart/form-data"]?.schema;
  t.deepEqual(Object.keys(form?.properties ?? {}), ["description", "tag", "file"]);
  t.deepEqual(form?.required, ["file"]);
});
