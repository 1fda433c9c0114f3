import test from "ava";
import { joinPath } from "../../../gateway/src/engine/path-template.js";
import { sortBySpecificity } from "../../../gateway/src/engine/route-order.js";
import { pathSegments, RouteTree } from "../../../gateway/src/engine/route-tree.js";
import { allServiceRoutes } from "../../../gateway/src/routes/index.js";
import { type ScannedRoute, ScanningRouter } from "../../support/gateway/scanning-router.js";

function treeOf(routes: readonly ScannedRoute[]): RouteTree<string> {
  const tree = new RouteTree<string>();
  for (const { method, template } of routes) tree.add(method, template, template);
  return tree;
}

const find = (tree: RouteTree<string>, method: string, path: string) => tree.find(method, pathSegments(path));

test("a literal segment wins over a parameter, and a parameter is taken when the literal leads nowhere", (t) => {
  const tree = treeOf([
    { method: "GET", template: "/v1/sequences/{uuid}" },
    { method: "GET", template: "/v1/sequences/names" },
    { method: "GET", template: "/v1/sequences/names/{camera}" },
    { method: "DELETE", template: "/v1/sequences/{uuid}" },
  ]);
  t.is(find(tree, "GET", "/v1/sequences/names")?.value, "/v1/sequences/names");
  t.is(find(tree, "GET", "/v1/sequences/abc")?.value, "/v1/sequences/{uuid}");
  t.is(find(tree, "GET", "/v1/sequences/names/cam")?.value, "/v1/sequences/names/{camera}");
  // No DELETE route has the literal, so the parameter route of that method takes it.
  t.deepEqual(find(tree, "DELETE", "/v1/sequences/names")?.params, { uuid: "names" });
});

test("parameters are percent-decoded exactly once and bad encoding is kept as sent", (t) => {
  const tree = treeOf([{ method: "GET", template: "/v1/concept/{name}/{other}" }]);
  t.deepEqual(find(tree, "GET", "/v1/concept/a%2Fb%20c/%2520")?.params, { name: "a/b c", other: "%20" });
  t.deepEqual(find(tree, "GET", "/v1/concept/%E2%9C%93/100%")?.params, { name: "✓", other: "100%" });
});

test("one trailing slash is ignored, literal segments match in any case, parameters keep theirs", (t) => {
  const tree = treeOf([{ method: "GET", template: "/vam/v1/media/camera/{camera_id}" }]);
  t.deepEqual(find(tree, "GET", "/vam/v1/media/camera/Cam-1/")?.params, { camera_id: "Cam-1" });
  t.deepEqual(find(tree, "GET", "/VAM/v1/Media/camera/Cam-1")?.params, { camera_id: "Cam-1" });
  t.is(find(tree, "GET", "/vam/v1/media/camera/"), undefined);
  t.is(find(tree, "GET", "/vam/v1/media/camera/a/b"), undefined);
});

test("a segment mixing text and a parameter sits between a literal and a bare parameter", (t) => {
  const tree = treeOf([
    { method: "GET", template: "/f/{name}" },
    { method: "GET", template: "/f/{name}.json" },
    { method: "GET", template: "/f/list" },
  ]);
  t.is(find(tree, "GET", "/f/list")?.value, "/f/list");
  t.deepEqual(find(tree, "GET", "/f/a.b.JSON")?.params, { name: "a.b" });
  t.is(find(tree, "GET", "/f/a.json")?.value, "/f/{name}.json");
  t.is(find(tree, "GET", "/f/a.xml")?.value, "/f/{name}");
});

test("skip passes over earlier matches to the next route of the method", (t) => {
  const tree = treeOf([
    { method: "GET", template: "/docs/{asset}" },
    { method: "GET", template: "/{base}/{rest}" },
  ]);
  t.is(find(tree, "GET", "/docs/x")?.value, "/docs/{asset}");
  t.is(tree.find("GET", pathSegments("/docs/x"), 1)?.value, "/{base}/{rest}");
  t.is(tree.find("GET", pathSegments("/docs/x"), 2), undefined);
});

test("the methods of a path are those of every route it matches", (t) => {
  const tree = treeOf([
    { method: "GET", template: "/v1/samples" },
    { method: "POST", template: "/v1/samples" },
    { method: "PUT", template: "/v1/{kind}" },
  ]);
  t.deepEqual(tree.methodsOf(pathSegments("/v1/samples")), ["GET", "POST", "PUT"]);
  t.deepEqual(tree.methodsOf(pathSegments("/v1/nothing/here")), []);
});

/** Every route the gateway serves with the default placement, in the order the scanning router had them. */
function gatewayRoutes(): ScannedRoute[] {
  const system = ["/healthz", "/readyz", "/status", "/metrics"].map((template) => ({
    method: "GET",
    template,
  }));
  const docs = allServiceRoutes.flatMap((routes) =>
    (routes.docsPaths ?? ["/docs"]).flatMap((docsPath) => {
      const base = joinPath(routes.basePath, docsPath);
      return [`${base}/openapi.json`, base, `${base}/{asset}`].map((template) => ({
        method: "GET",
        template,
      }));
    }),
  );
  const api = allServiceRoutes.flatMap((routes) =>
    routes.routes.map((route) => ({ method: route.method, template: joinPath(routes.basePath, route.path) })),
  );
  return [...system, ...docs, ...sortBySpecificity(api, (route) => route.template)];
}

/** Paths that probe each template: its parameters filled with plain values and with every literal seen there. */
function probePaths(templates: readonly string[]): string[] {
  const literalsAt = new Map<number, Set<string>>();
  for (const template of templates) {
    template.split("/").forEach((segment, index) => {
      if (segment.includes("{")) return;
      const literals = literalsAt.get(index) ?? new Set<string>();
      literals.add(segment);
      literalsAt.set(index, literals);
    });
  }
  const paths = new Set<string>();
  for (const template of templates) {
    const segments = template.split("/");
    const fill = (value: (index: number) => string) =>
      segments.map((segment, index) => (segment.includes("{") ? value(index) : segment)).join("/");
    paths.add(fill(() => "x"));
    paths.add(`${fill(() => "a%2Fb%20c")}/`);
    paths.add(fill(() => "Name").toUpperCase());
    segments.forEach((segment, index) => {
      if (!segment.includes("{")) return;
      for (const literal of literalsAt.get(index) ?? []) {
        paths.add(fill((at) => (at === index ? literal : "x")));
      }
    });
    paths.add(`${fill(() => "x")}/extra`);
  }
  return [...paths];
}

test("every gateway route is found as the scan of every route's regular expression found it", (t) => {
  const routes = gatewayRoutes();
  const scanning = new ScanningRouter(routes);
  const tree = new RouteTree<string>();
  for (const { method, template } of routes) {
    if (method === "GET") tree.add("HEAD", template, template);
    tree.add(method, template, template);
  }
  const paths = probePaths(routes.map((route) => route.template));
  t.true(paths.length > 1000, `only ${paths.length} paths`);
  const differences: string[] = [];
  for (const path of paths) {
    for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]) {
      const expected = scanning.route(method, path);
      const found = tree.find(method, pathSegments(path));
      const allowed = tree.methodsOf(pathSegments(path));
      if (
        found?.value !== expected.template ||
        JSON.stringify(found?.params ?? {}) !== JSON.stringify(expected.params) ||
        [...allowed].sort().join() !== [...expected.allowed].sort().join()
      ) {
        differences.push(
          `${method} ${path}: tree ${found?.value} [${allowed}], scan ${expected.template} [${expected.allowed}]`,
        );
      }
    }
  }
  t.deepEqual(differences.slice(0, 20), []);
});
