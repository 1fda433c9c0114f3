import test from "ava";
import type { ServiceRoutes } from "../../../gateway/src/engine/route-spec.js";
import { placeRoutes } from "../../../gateway/src/routes/placement.js";

const table: ServiceRoutes = {
  domain: "kb",
  basePath: "/kb",
  title: "kb",
  protoFiles: [],
  access: new Map(),
  casing: "camel",
  nulls: "null",
  routes: [
    { method: "GET", path: "/v1/concept/{name}", rpc: "x.S/GetConcept", summary: "s" },
    { method: "GET", path: "/v1", rpc: "x.S/Root", summary: "s" },
  ],
};

test("without settings the table stays as it is", (t) => {
  t.is(placeRoutes(table, {}), table);
});

test("M3_<DOMAIN>_BASE_PATH moves the base path, without a trailing slash", (t) => {
  t.is(placeRoutes(table, { M3_KB_BASE_PATH: "/oni/" }).basePath, "/oni");
});

test("HTTP_CONTEXT_PATH replaces the leading v1 segment of every kb route; empty removes it", (t) => {
  t.deepEqual(
    placeRoutes(table, { HTTP_CONTEXT_PATH: "api" }).routes.map((route) => route.path),
    ["/api/concept/{name}", "/api"],
  );
  t.deepEqual(
    placeRoutes(table, { HTTP_CONTEXT_PATH: "/" }).routes.map((route) => route.path),
    ["/concept/{name}", ""],
  );
});

test("M3_<DOMAIN>_CONTEXT_PATH wins over the legacy name, and the legacy name is the kb's only", (t) => {
  t.deepEqual(
    placeRoutes(table, { M3_KB_CONTEXT_PATH: "v2", HTTP_CONTEXT_PATH: "api" }).routes[0]?.path,
    "/v2/concept/{name}",
  );
  const registry = { ...table, domain: "registry" };
  t.is(placeRoutes(registry, { HTTP_CONTEXT_PATH: "api" }), registry);
});

test("a named table is placed by its own name's settings, not its domain's", (t) => {
  const named: ServiceRoutes = { ...table, domain: "capture", name: "skimmer", basePath: "/skimmer" };
  t.is(placeRoutes(named, { M3_CAPTURE_BASE_PATH: "/frames" }).basePath, "/skimmer");
  t.is(placeRoutes(named, { M3_SKIMMER_BASE_PATH: "/crops" }).basePath, "/crops");
});
