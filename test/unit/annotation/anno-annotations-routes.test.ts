import test from "ava";
import { annotationAnnotationsRoutes } from "../../../gateway/src/routes/anno-annotations.routes.js";
import { annotationRoutes } from "../../../gateway/src/routes/annotation.routes.js";
import { readRouteContract } from "../../support/gateway/route-contract.js";

/** The groups of the spec this route file serves. */
const GROUPS = /^\/v1\/(annotations|videoreferences|index|auth|health)(\/|$)/;

function shape(method: string, path: string): string {
  return `${method} ${path.replace(/\{[^}]+\}/g, "{}")}`;
}

test("the annotations route file serves exactly the spec's annotation, video reference, index, auth and health routes", (t) => {
  const expected = readRouteContract()
    .filter(({ domain, path }) => domain === "annotation" && GROUPS.test(path))
    .map(({ method, path }) => shape(method, path))
    .sort();
  const served = annotationAnnotationsRoutes.map((route) => shape(route.method, route.path)).sort();
  t.deepEqual(served, expected);
  t.is(served.length, 25);
});

test("every write of the annotations route file needs a JWT and every read or count is open", (t) => {
  for (const route of annotationAnnotationsRoutes) {
    const isWrite = route.method !== "GET" && !/\/count$|\/auth$/.test(route.path);
    const expected = route.path === "/v1/auth" ? "apikey" : isWrite ? "jwt" : "none";
    t.is(annotationRoutes.access.get(route.rpc), expected, `${route.method} ${route.path}`);
  }
});
