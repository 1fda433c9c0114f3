import test from "ava";
import { call, startHarness } from "../../support/gateway/gateway-harness.js";
import { sampleRoutes } from "../../support/gateway/sample-routes.js";

type Doc = {
  openapi: string;
  info: { title: string };
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, Record<string, unknown>>; securitySchemes: Record<string, unknown> };
};

async function openApi(t: import("ava").ExecutionContext): Promise<Doc> {
  const { origin } = await startHarness(t);
  const reply = await call(`${origin}/sample/docs/openapi.json`);
  t.is(reply.status, 200);
  return reply.body as Doc;
}

test("the OpenAPI document lists every route of the table under the service's base path", async (t) => {
  const doc = await openApi(t);
  t.is(doc.openapi, "3.0.3");
  t.is(doc.info.title, "Sample service");
  t.deepEqual(doc.servers, [{ url: "/sample" }]);
  const listed = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
  t.deepEqual(listed.sort(), sampleRoutes.routes.map((route) => `${route.method} ${route.path}`).sort());
});

test("operations have typed path and query parameters", async (t) => {
  const doc = await openApi(t);
  const list = doc.paths["/v1/samples"]?.get as { parameters: unknown[] };
  t.deepEqual(list.parameters, [
    {
      name: "limit",
      in: "query",
      required: false,
      schema: { type: "integer", format: "int32", description: "Page size." },
    },
    {
      name: "offset",
      in: "query",
      required: false,
      schema: { type: "integer", format: "int32", description: "Page start." },
    },
    {
      name: "colors",
      in: "query",
      required: false,
      schema: {
        type: "array",
        items: { type: "string", enum: ["COLOR_UNSPECIFIED", "COLOR_RED", "COLOR_GREEN"] },
        description: "Only samples with these colours.",
      },
    },
  ]);
  const one = doc.paths["/v1/samples/{uuid}"]?.get as { parameters: Array<Record<string, unknown>> };
  t.like(one.parameters[0], { name: "uuid", in: "path", required: true, schema: { type: "string" } });
});

/** The value at a path of keys in a parsed JSON document. */
function dig(value: unknown, ...keys: string[]): unknown {
  return keys.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);
}

test("request bodies are documented per encoding, without the fields the path carries", async (t) => {
  const doc = await openApi(t);
  const content = dig(doc, "paths", "/v1/samples/{uuid}", "put", "requestBody", "content");
  t.deepEqual(Object.keys(content as object), ["application/json", "application/x-www-form-urlencoded"]);
  const properties = dig(content, "application/json", "schema", "properties") as object;
  t.false("uuid" in properties);
  t.like(dig(properties, "recorded_timestamp"), { type: "string", format: "date-time" });
  const upload = dig(doc, "paths", "/v1/samples/{uuid}/payload", "post", "requestBody", "content");
  t.is(dig(upload, "multipart/form-data", "schema", "properties", "file", "format"), "binary");
  const note = dig(doc, "paths", "/v1/samples/{uuid}/note", "put", "requestBody", "content");
  t.deepEqual(note, { "text/plain": { schema: { type: "string" } } });
});

test("response schemas honour responseBody, casing, 204, raw bytes and the error body", async (t) => {
  const doc = await openApi(t);
  const json = ["content", "application/json", "schema"];
  t.is(dig(doc, "paths", "/v1/samples/names", "get", "responses", "200", ...json, "type"), "array");
  t.like(dig(doc, "paths", "/v1/samples/count", "get", "responses", "200", ...json), {
    type: "integer",
    format: "int64",
  });
  const deleted = dig(doc, "paths", "/v1/samples/{uuid}", "delete", "responses");
  t.deepEqual(dig(deleted, "204"), { description: "No content" });
  t.deepEqual(dig(deleted, "default", ...json), { $ref: "#/components/schemas/ErrorBody" });
  const payload = dig(
    doc,
    "paths",
    "/v1/samples/{uuid}/payload",
    "get",
    "responses",
    "200",
    "content",
    "*/*",
  );
  t.deepEqual(payload, { schema: { type: "string", format: "binary" } });
  const sample = doc.components.schemas["m3.testing.v1.Sample"] as { properties: object; required: string[] };
  t.true("total_bytes" in sample.properties);
  t.true(sample.required.includes("labels"));
  t.false(sample.required.includes("description"));
  const camel = doc.components.schemas["m3.testing.v1.Sample.Camel"] as { properties: object };
  t.true("totalBytes" in camel.properties);
  t.deepEqual(doc.components.schemas.ErrorBody?.required, ["message", "responseCode"]);
});

test("security follows the access declared for each route's rpc: bearer JWT and the APIKEY header", async (t) => {
  const doc = await openApi(t);
  t.deepEqual(doc.components.securitySchemes.bearerAuth, {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
  });
  t.like(doc.components.securitySchemes.apiKeyAuth, { type: "apiKey", in: "header", name: "Authorization" });
  t.deepEqual(doc.paths["/v1/samples"]?.post?.security, [{ bearerAuth: [] }]);
  t.deepEqual(doc.paths["/v1/samples/count"]?.get?.security, [{ apiKeyAuth: [] }]);
  t.is(doc.paths["/v1/samples/names"]?.get?.security, undefined);
});

test("the Swagger UI page loads its assets and the document from the service's docs path", async (t) => {
  const { origin } = await startHarness(t);
  for (const path of ["/sample/docs", "/sample/docs/"]) {
    const page = await call(`${origin}${path}`);
    t.is(page.status, 200);
    t.regex(page.headers.get("content-type") ?? "", /^text\/html/);
    t.true(page.text.includes('"/sample/docs/openapi.json"'));
    t.true(page.text.includes("/sample/docs/swagger-ui-bundle.js"));
  }
  const script = await fetch(`${origin}/sample/docs/swagger-ui-bundle.js`);
  t.is(script.status, 200);
  t.regex(script.headers.get("content-type") ?? "", /javascript/);
  t.true((await script.text()).length > 100_000);
  const css = await call(`${origin}/sample/docs/swagger-ui.css`);
  t.regex(css.headers.get("content-type") ?? "", /^text\/css/);
});

test("files outside the Swagger UI assets are not served", async (t) => {
  const { origin } = await startHarness(t);
  for (const asset of ["package.json", "index.html", "..%2Fpackage.json", "absolute-path.js"]) {
    const reply = await call(`${origin}/sample/docs/${asset}`);
    t.is(reply.status, 404, asset);
  }
});
