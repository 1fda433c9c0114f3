import test from "ava";
import { kbRoutes } from "../../../gateway/src/routes/kb.routes.js";
import { placeRoutes } from "../../../gateway/src/routes/placement.js";
import { demoBannerLines } from "../../../tools/m3/all-in-one/demo/demo-banner.js";
import type { DemoInventory } from "../../../tools/m3/all-in-one/demo/demo-inventory.js";
import { DEMO_USERS } from "../../../tools/m3/all-in-one/demo/demo-plan.js";
import { PlatformClient } from "../../../tools/m3/all-in-one/demo/platform-client.js";
import { allInOneDomains } from "../../../tools/m3/all-in-one/domains.js";

const BASE = "http://localhost:8080";
const routes = allInOneDomains.map(({ routes }) => placeRoutes(routes, {}));
const client = new PlatformClient(BASE, routes, () => "key");
const urlOf = (rpc: string, params?: Record<string, string>) => `${BASE}${client.path(rpc, params)}`;

const inventory: DemoInventory = {
  dives: [
    { name: "Demo Ventana 4101", videoReferences: 5, annotations: 130 },
    { name: "Demo MiniROV 0237", videoReferences: 1, annotations: 65 },
  ],
  sample: {
    concept: "Nanomia bijuga",
    videoReferenceUuid: "0190-ref",
    elapsedTimeMillis: 14_320,
    onClip: true,
  },
  clipUrl: "file:///data/videos/demo-ventana-4101-clip.mp4",
  users: [...DEMO_USERS],
};

test("the demo section names a real concept, a demo video's annotations and a frame grab against the base URL", (t) => {
  const text = demoBannerLines({ inventory, urlOf, captureApiKey: "cap-key" }).join("\n");
  t.regex(text, /2 dives \(Demo Ventana 4101, Demo MiniROV 0237\), 195 annotations/);
  t.true(text.includes(`curl -s '${BASE}/kb/v1/concept/Nanomia%20bijuga'`));
  t.true(text.includes(`curl -s '${BASE}/kb/v1/phylogeny/up/Nanomia%20bijuga'`));
  t.true(text.includes(`curl -s '${BASE}/anno/v1/annotations/videoreference/0190-ref?limit=5'`));
  t.true(text.includes("-H 'X-Api-Key: cap-key'"));
  t.true(
    text.includes(
      `-d '{"videoUrl":"file:///data/videos/demo-ventana-4101-clip.mp4","elapsedTimeMillis":14320}' '${BASE}/capture/capture' -o frame.jpg`,
    ),
  );
  t.regex(
    text,
    /Admin: demo-admin, demo-admin-2; Maint: demo-maint, demo-maint-2; Annotator: demo-annotator/,
  );
  t.true(text.includes(`curl -s -X POST -u 'demo-annotator:m3-demo' '${BASE}/kb/v1/auth/login'`));
});

test("without the clip there is no frame grab to suggest, and without demo data no section at all", (t) => {
  const noClip = demoBannerLines({
    inventory: { ...inventory, clipUrl: undefined },
    urlOf,
    captureApiKey: "k",
  });
  t.false(noClip.join("\n").includes("/capture/capture"));
  t.true(noClip.join("\n").includes("/kb/v1/concept/"));
  t.deepEqual(demoBannerLines({ inventory: { dives: [], users: [] }, urlOf, captureApiKey: "k" }), []);
});

test("routes are found by the rpc they serve, at the base path a deployment moved them to", (t) => {
  const moved = new PlatformClient(BASE, [placeRoutes(kbRoutes, { M3_KB_BASE_PATH: "/oni" })], () => "k");
  t.is(moved.path("m3.kb.v1.ConceptService/GetConcept", { name: "a/b c" }), "/oni/v1/concept/a%2Fb%20c");
  t.throws(() => moved.path("m3.kb.v1.ConceptService/GetConcept"), { message: /parameter name is missing/ });
  t.throws(() => moved.path("m3.registry.v1.MediaService/CreateMedia"), {
    message: "no route of the platform serves m3.registry.v1.MediaService/CreateMedia",
  });
});
