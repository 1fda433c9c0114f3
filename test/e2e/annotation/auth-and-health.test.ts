import test from "ava";
import { SignJWT } from "jose";
import type { RouteSpec } from "../../../gateway/src/engine/route-spec.js";
import { annotationAnnotationsRoutes } from "../../../gateway/src/routes/anno-annotations.routes.js";
import { annotationRoutes } from "../../../gateway/src/routes/annotation.routes.js";
import { BACKENDS, useAnnotationStacks } from "../../support/annotation/annotation-http-stack.js";

const stack = useAnnotationStacks(test);
const ZERO_UUID = "00000000-0000-7000-8000-000000000000";

/** A request path for a route, with every parameter filled by a syntactically valid value. */
function concretePath(path: string): string {
  return `/anno${path.replace(/\{([^}]+)\}/g, (_match, name: string) =>
    /time|start|end|date/.test(name) ? "2020-01-01T00:00:00Z" : ZERO_UUID,
  )}`;
}

async function token(secret: string, issuedAt: number, expiresAt: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS512", typ: "JWT" })
    .setIssuer("http://www.mbari.org")
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(secret));
}

for (const backend of BACKENDS) {
  test(`${backend}: POST /v1/auth exchanges the API key for an HS512 JWT and refuses a wrong key`, async (t) => {
    const { http, apiKey } = stack(backend);
    const reply = await http.request("POST", "/anno/v1/auth", { auth: `apikey ${apiKey}` });
    t.is(reply.status, 200);
    const body = reply.json as { token_type: string; access_token: string };
    t.is(body.token_type, "Bearer");
    const header = JSON.parse(Buffer.from(body.access_token.split(".")[0] ?? "", "base64url").toString());
    t.is(header.alg, "HS512");
    const wrong = await http.request("POST", "/anno/v1/auth", { auth: "APIKEY nope" });
    t.deepEqual(wrong.json, { message: "Invalid API key", responseCode: 401 });
  });

  test(`${backend}: GET /v1/health answers the legacy camelCase record of annosaurus`, async (t) => {
    const reply = await stack(backend).http.get("/anno/v1/health");
    t.is(reply.status, 200);
    t.like(reply.json, { application: "annosaurus", description: "Annotation Service" });
    t.true(((reply.json as { freeMemory: number }).freeMemory ?? 0) > 0);
  });

  test(`${backend}: every JWT route of the domain answers 401 without, with a forged and with an expired token`, async (t) => {
    const { http, signingSecret } = stack(backend);
    const now = Math.floor(Date.now() / 1000);
    const expired = await token(signingSecret, now - 7200, now - 3600);
    const forged = await token("not-the-secret", now, now + 3600);
    const needsJwt = (route: RouteSpec) => annotationRoutes.access.get(route.rpc) === "jwt";
    const jwtRoutes = annotationRoutes.routes.filter(needsJwt);
    const mine = annotationAnnotationsRoutes.filter(needsJwt);
    t.is(mine.length, 8);
    t.true(mine.every((route) => jwtRoutes.includes(route)));
    for (const route of jwtRoutes) {
      const path = concretePath(route.path);
      const missing = await http.request(route.method, path);
      t.is(missing.status, 401, `${route.method} ${route.path} without a token`);
      t.deepEqual(missing.json, { message: "Missing token", responseCode: 401 });
      for (const bad of [forged, expired, "not-a-jwt"]) {
        const invalid = await http.request(route.method, path, { auth: `Bearer ${bad}` });
        t.is(invalid.status, 401, `${route.method} ${route.path} with a bad token`);
        t.deepEqual(invalid.json, { message: "Invalid token", responseCode: 401 });
      }
    }
  });

  test(`${backend}: the read and count routes of annotations need no token`, async (t) => {
    const { http } = stack(backend);
    t.is((await http.get(`/anno/v1/annotations/videoreference/${ZERO_UUID}`)).status, 200);
    t.is((await http.get("/anno/v1/videoreferences/missionids")).status, 200);
    t.is((await http.get(`/anno/v1/index/videoreference/${ZERO_UUID}`)).status, 200);
    const count = await http.post("/anno/v1/annotations/multi/count", {
      auth: false,
      json: { video_reference_uuids: [ZERO_UUID] },
    });
    t.like(count.json, { count: 0 });
  });

  test(`${backend}: /anno/docs lists every annotation route in its OpenAPI document`, async (t) => {
    const { http } = stack(backend);
    const document = (await http.get("/anno/docs/openapi.json")).json as { paths: Record<string, object> };
    const operations = Object.values(document.paths).reduce(
      (count, item) => count + Object.keys(item).length,
      0,
    );
    t.is(operations, annotationRoutes.routes.length);
  });
}
