import test from "ava";
import type { RouteSpec, ServiceRoutes } from "../../../gateway/src/engine/route-spec.js";
import { closeGatewayApp, createGatewayApp } from "../../../gateway/src/server/gateway-app.js";
import { call, gatewayOptions, startHarness } from "../../support/gateway/gateway-harness.js";
import { sampleRoutes } from "../../support/gateway/sample-routes.js";

const SAMPLES = "m3.testing.v1.SampleService";

test("a literal segment wins over a parameter although the table lists the parameter route first", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("ListSampleNames", { names: ["n"] });
  fake.reply("GetSample", { uuid: "other" });
  t.deepEqual((await call(`${origin}/sample/v1/samples/names`)).body, ["n"]);
  t.is((await call(`${origin}/sample/v1/samples/other`)).status, 200);
  t.is(fake.calls.map((recorded) => recorded.method).join(), "ListSampleNames,GetSample");
  t.deepEqual(fake.onlyCall("GetSample").request, { uuid: "other" });
});

test("an unknown path is a 404 JSON body", async (t) => {
  const { origin } = await startHarness(t);
  for (const path of ["/sample/v1/unknown", "/sample/v1/samples/a/b/c", "/elsewhere"]) {
    const reply = await call(`${origin}${path}`);
    t.is(reply.status, 404, path);
    t.deepEqual(reply.body, { message: "Not found", responseCode: 404 });
  }
});

test("a known path with the wrong method is a 405 JSON body listing the allowed methods", async (t) => {
  const { origin } = await startHarness(t);
  const reply = await call(`${origin}/sample/v1/samples`, { method: "PATCH" });
  t.is(reply.status, 405);
  t.deepEqual(reply.body, { message: "Method not allowed", responseCode: 405 });
  t.regex(reply.headers.get("allow") ?? "", /GET.*POST|POST.*GET/);
});

test("a 405 lists HEAD with GET, and a method the gateway does not implement is a 501", async (t) => {
  const { origin, fake } = await startHarness(t);
  const wrong = await call(`${origin}/sample/v1/samples/names`, { method: "POST" });
  t.is(wrong.status, 405);
  // The path matches the names route (GET) and the {uuid} routes (GET, PUT, DELETE), none of them POST.
  const allowed = (wrong.headers.get("allow") ?? "").split(", ");
  t.true(allowed.includes("HEAD") && allowed.includes("GET"), allowed.join());
  const unknown = await call(`${origin}/sample/v1/samples`, { method: "PROPFIND" });
  t.is(unknown.status, 501);
  t.deepEqual(unknown.body, { message: "Not implemented", responseCode: 501 });
  t.is(fake.calls.length, 0);
});

test("a method without a literal route of its own reaches the parameter route at that place", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("DeleteSample", {});
  t.is((await call(`${origin}/sample/v1/samples/names`, { method: "DELETE" })).status, 204);
  t.deepEqual(fake.onlyCall("DeleteSample").request, { uuid: "names" });
});

test("path parameters are percent-decoded once, literal segments match in any case", async (t) => {
  const { origin, fake } = await startHarness(t);
  fake.reply("GetSample", { uuid: "x" });
  t.is((await call(`${origin}/SAMPLE/v1/Samples/a%2Fb%2520%C3%A9`)).status, 200);
  t.deepEqual(fake.onlyCall("GetSample").request, { uuid: "a/b%20é" });
});

function tableWith(route: RouteSpec): ServiceRoutes {
  return { ...sampleRoutes, routes: [...sampleRoutes.routes, route] };
}

async function startupError(t: import("ava").ExecutionContext, routes: ServiceRoutes): Promise<string> {
  const error = await t.throwsAsync(createGatewayApp(gatewayOptions([{ routes, address: "127.0.0.1:1" }])));
  return error?.message ?? "";
}

const BROKEN_ROUTES: ReadonlyArray<[string, RouteSpec, RegExp]> = [
  [
    "an unknown method",
    { method: "GET", path: "/x", rpc: `${SAMPLES}/Nope`, summary: "" },
    /has no method Nope/,
  ],
  [
    "an unknown service",
    { method: "GET", path: "/x", rpc: "m3.testing.v1.Nope/Get", summary: "" },
    /unknown service/,
  ],
  [
    "a malformed rpc",
    { method: "GET", path: "/x", rpc: "GetSample", summary: "" },
    /package\.Service\/Method/,
  ],
  [
    "a path parameter that is no request field",
    { method: "GET", path: "/x/{id}", rpc: `${SAMPLES}/GetSample`, summary: "" },
    /path parameter "id" is not a field of m3\.testing\.v1\.GetSampleRequest/,
  ],
  [
    "a body field that is no request field",
    { method: "POST", path: "/x", rpc: `${SAMPLES}/CreateSample`, body: "samples", summary: "" },
    /body "samples" is not a field/,
  ],
  [
    "a query parameter that is no request field",
    { method: "GET", path: "/x", rpc: `${SAMPLES}/ListSamples`, query: ["page"], summary: "" },
    /query parameter "page" is not a field/,
  ],
  [
    "a responseBody that is no response field",
    { method: "GET", path: "/x", rpc: `${SAMPLES}/ListSampleNames`, responseBody: "items", summary: "" },
    /responseBody "items" is not a field of m3\.testing\.v1\.ListSampleNamesResponse/,
  ],
  [
    "a form body into a string field",
    { method: "PUT", path: "/x/{uuid}", rpc: `${SAMPLES}/SetSampleNote`, body: "note", summary: "" },
    /form and multipart bodies need body "\*" or a message field/,
  ],
  [
    "an http-body reply without data",
    { method: "GET", path: "/x", rpc: `${SAMPLES}/GetSample`, render: "http-body", summary: "" },
    /needs m3\.testing\.v1\.Sample to have content_type \(string\) and data \(bytes\)/,
  ],
  [
    "replyHeaders on a JSON route",
    { method: "GET", path: "/x", rpc: `${SAMPLES}/GetSample`, replyHeaders: { "X-A": "uuid" }, summary: "" },
    /replyHeaders needs render "http-body"/,
  ],
  [
    "replyHeaders naming a bytes field",
    {
      method: "GET",
      path: "/x",
      rpc: `${SAMPLES}/GetSamplePayload`,
      render: "http-body",
      replyHeaders: { "X-A": "data" },
      summary: "",
    },
    /replyHeaders field "data" must be a string field/,
  ],
  [
    "a duplicate route",
    { method: "GET", path: "/v1/samples/{other}", rpc: `${SAMPLES}/GetSample`, summary: "" },
    /duplicate route/,
  ],
];

for (const [what, route, message] of BROKEN_ROUTES) {
  test(`a table with ${what} is rejected at startup`, async (t) => {
    t.regex(await startupError(t, tableWith(route)), message);
  });
}

test("a table whose access declares nothing for a route's rpc is rejected at startup", async (t) => {
  const access = new Map(sampleRoutes.access);
  access.delete(`${SAMPLES}/GetSample`);
  const message = await startupError(t, { ...sampleRoutes, access });
  t.regex(message, /m3\.testing\.v1\.SampleService\/GetSample has no declared access/);
});

test("a rejected table reports every broken route at once, naming the domain", async (t) => {
  const message = await startupError(t, {
    ...sampleRoutes,
    routes: [
      { method: "GET", path: "/a", rpc: `${SAMPLES}/Nope`, summary: "" },
      { method: "GET", path: "/b/{id}", rpc: `${SAMPLES}/GetSample`, summary: "" },
    ],
  });
  t.regex(message, /^Invalid route table "sample":/);
  t.regex(message, /GET \/a: /);
  t.regex(message, /GET \/b\/\{id\}: /);
});

test("two domains routing the same method and path are rejected at startup", async (t) => {
  const other = { ...sampleRoutes, domain: "other" };
  await t.throwsAsync(
    createGatewayApp(
      gatewayOptions([
        { routes: sampleRoutes, address: "127.0.0.1:1" },
        { routes: other, address: "127.0.0.1:2" },
      ]),
    ),
    { message: /routed by both sample and other/ },
  );
});

test("a valid table builds an app", async (t) => {
  const app = await createGatewayApp(gatewayOptions([{ routes: sampleRoutes, address: "127.0.0.1:1" }]));
  t.is(typeof app.callback(), "function");
  closeGatewayApp(app);
});
