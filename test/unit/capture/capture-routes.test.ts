import test from "ava";
import { captureRoutes } from "../../../gateway/src/routes/capture.routes.js";
import { readRouteContract } from "../../support/gateway/route-contract.js";

test("the capture table serves the spec's capture routes, with /docs as its Swagger UI", (t) => {
  const expected = readRouteContract()
    .filter(({ domain }) => domain === "capture")
    .map(({ method, path }) => `${method} ${path}`)
    .sort();
  const served = [
    ...captureRoutes.routes.map((route) => `${route.method} ${route.path}`),
    ...(captureRoutes.docsPaths ?? []).map((path) => `GET ${path}`),
  ].sort();
  t.deepEqual(served, expected);
  t.is(captureRoutes.basePath, "/capture");
});

test("the three capture routes send image bytes, read the JSON body and both query flags, and answer a full pool with 503", (t) => {
  const captures = captureRoutes.routes.filter((route) => route.rpc.includes("CaptureService/"));
  t.is(captures.length, 3);
  for (const route of captures) {
    t.is(route.render, "http-body");
    t.is(route.body, "capture");
    t.deepEqual(route.query, ["accurate", "nokey"]);
    t.is(route.errorStatus?.RESOURCE_EXHAUSTED, 503);
  }
});
