import test from "ava";
import { annotationFastRoutes } from "../../../gateway/src/routes/anno-fast.routes.js";
import { annotationRoutes } from "../../../gateway/src/routes/annotation.routes.js";
import { readRouteContract } from "../../support/gateway/route-contract.js";

function shape(method: string, path: string): string {
  return `${method} ${path.replace(/\{[^}]+\}/g, "{}")}`;
}

test("the fast route file serves exactly the spec's /v1/fast routes", (t) => {
  const expected = readRouteContract()
    .filter(({ domain, path }) => domain === "annotation" && /^\/v1\/fast(\/|$)/.test(path))
    .map(({ method, path }) => shape(method, path))
    .sort();
  const served = annotationFastRoutes.map((route) => shape(route.method, route.path)).sort();
  t.deepEqual(served, expected);
  t.is(served.length, 17);
});

test("only the whole-video delete needs a JWT; every fast read, search and count is open", (t) => {
  for (const route of annotationFastRoutes) {
    const expected = route.method === "DELETE" ? "jwt" : "none";
    t.is(annotationRoutes.access.get(route.rpc), expected, `${route.method} ${route.path}`);
  }
});
