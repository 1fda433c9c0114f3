import test from "ava";
import { annotationRoutes } from "../../../gateway/src/routes/annotation.routes.js";
import { allServiceRoutes } from "../../../gateway/src/routes/index.js";
import { placeRoutes } from "../../../gateway/src/routes/placement.js";
import { referencesRoutes } from "../../../gateway/src/routes/references.routes.js";
import { allInOneDomains } from "../../../tools/m3/all-in-one/domains.js";

test("the dataset routes are charybdis's, at /references, in camelCase, every one open", (t) => {
  t.is(referencesRoutes.basePath, "/references");
  t.is(referencesRoutes.casing, "camel");
  t.deepEqual(
    referencesRoutes.routes.map((route) => `${route.method} ${route.path}`),
    [
      "GET /query/concept/{concept}",
      "GET /query/dive/{video_sequence_name}",
      "GET /query/file/{video_file_name}",
      "GET /count/dive/{video_sequence_name}",
      "GET /health",
      "GET /v1/health",
    ],
  );
  for (const route of referencesRoutes.routes)
    t.is(referencesRoutes.access.get(route.rpc), "none", route.path);
});

test("the annotation domain serves the dataset routes beside its own, in the gateway and in npm start", (t) => {
  t.is(referencesRoutes.domain, "annotation");
  t.true(allServiceRoutes.includes(referencesRoutes));
  const annotation = allInOneDomains.find((domain) => domain.routes === annotationRoutes);
  t.deepEqual(annotation?.moreRoutes, [referencesRoutes]);
});

test("M3_REFERENCES_BASE_PATH moves the dataset routes; the annotation's own setting leaves them", (t) => {
  t.is(placeRoutes(referencesRoutes, { M3_REFERENCES_BASE_PATH: "/charybdis/" }).basePath, "/charybdis");
  t.is(placeRoutes(referencesRoutes, { M3_ANNOTATION_BASE_PATH: "/annotations" }).basePath, "/references");
  t.is(placeRoutes(annotationRoutes, { M3_ANNOTATION_BASE_PATH: "/annotations" }).basePath, "/annotations");
});

test("M3_REFERENCES_CASING=snake answers as charybdis's snake_case build; camel or unset as its default; anything else fails", (t) => {
  t.is(placeRoutes(referencesRoutes, {}).casing, "camel");
  t.is(placeRoutes(referencesRoutes, { M3_REFERENCES_CASING: "snake" }).casing, "snake");
  t.is(placeRoutes(referencesRoutes, { M3_REFERENCES_CASING: " Camel " }).casing, "camel");
  t.throws(() => placeRoutes(referencesRoutes, { M3_REFERENCES_CASING: "kebab" }), {
    message: 'M3_REFERENCES_CASING must be camel or snake, got "kebab"',
  });
  t.is(
    placeRoutes(annotationRoutes, { M3_ANNOTATION_CASING: "camel" }).casing,
    "snake",
    "a fixed casing stays",
  );
});
