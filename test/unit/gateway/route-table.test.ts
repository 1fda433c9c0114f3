import test from "ava";
import { allServiceRoutes } from "../../../gateway/src/routes/index.js";
import { readRouteContract } from "../../support/gateway/route-contract.js";

/** Domains whose lines in endpoints.txt carry the base path (the others are relative to it). */
const SPEC_PATHS_INCLUDE_BASE = new Set(["config", "upload"]);

function specEndpoints(): Map<string, Set<string>> {
  const byDomain = new Map<string, Set<string>>();
  for (const { domain, method, path } of readRouteContract()) {
    const routes = byDomain.get(domain) ?? new Set<string>();
    routes.add(`${method} ${path}`);
    byDomain.set(domain, routes);
  }
  return byDomain;
}

/** The route table a contract line's first word names: a table's own name, else its domain. */
function tableNamed(name: string) {
  return allServiceRoutes.find((routes) => (routes.name ?? routes.domain) === name);
}

function tableEndpoints(domain: string): Set<string> {
  const table = tableNamed(domain);
  const base = table && SPEC_PATHS_INCLUDE_BASE.has(domain) ? table.basePath : "";
  return new Set(
    (table?.routes ?? []).map((route) => `${route.method} ${base}${route.path.replace(/\{[^}]+\}/g, "{}")}`),
  );
}

/** The interactive docs the gateway serves for the domain (ServiceRoutes.docsPaths), as spec lines. */
function docsEndpoints(domain: string): Set<string> {
  const table = tableNamed(domain);
  if (!table) return new Set();
  const base = SPEC_PATHS_INCLUDE_BASE.has(domain) ? table.basePath : "";
  return new Set((table.docsPaths ?? ["/docs"]).map((path) => `GET ${base}${path}`));
}

for (const [domain, expected] of specEndpoints()) {
  const table = tableEndpoints(domain);
  const docs = docsEndpoints(domain);
  const routed = [...expected].filter((endpoint) => !docs.has(endpoint));
  const missing = routed.filter((endpoint) => !table.has(endpoint));
  test(`every ${domain} endpoint of the spec is in the route table`, (t) => {
    t.deepEqual(missing, [], `missing ${domain} routes`);
    t.is(table.size, routed.length);
  });
  test(`the ${domain} route table has no route outside the spec`, (t) => {
    t.deepEqual(
      [...table].filter((endpoint) => !expected.has(endpoint)),
      [],
    );
  });
}

test("the contract lists 298 endpoints (the spec's 279, the kb's concept count, the annotation's five box routes and its history, capture's video file ticket, the Deep-Sea Guide's representative images, skimmer's three and charybdis's seven), and the eight route tables with their docs pages serve all of them", (t) => {
  let total = 0;
  let served = 0;
  for (const [domain, expected] of specEndpoints()) {
    total += expected.size;
    served +=
      tableEndpoints(domain).size + [...docsEndpoints(domain)].filter((docs) => expected.has(docs)).length;
  }
  t.is(total, 298);
  t.is(served, 298);
  t.is(allServiceRoutes.length, 8);
});

test("the registry table has 51 routes, each with one method and path", (t) => {
  const registry = allServiceRoutes.find((routes) => routes.domain === "registry");
  t.is(registry?.routes.length, 51);
  t.is(tableEndpoints("registry").size, 51);
});
