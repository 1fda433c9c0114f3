import test from "ava";
import { SignJWT } from "jose";
import { registryRoutes } from "../../../gateway/src/routes/registry.routes.js";
import { createMedia } from "../../support/e2e/registry-fixtures.js";
import { BACKENDS, usePlatforms } from "../../support/e2e/test-platform.js";

const platform = usePlatforms(test, BACKENDS);
const ZERO_UUID = "00000000-0000-7000-8000-000000000000";

/** A request path for a route, with every parameter filled by a syntactically valid value. */
function concretePath(path: string): string {
  return `/vam${path.replace(/\{[^}]+\}/g, ZERO_UUID)}`;
}

for (const backend of BACKENDS) {
  test(`${backend}: POST /v1/auth exchanges the API key for an HS512 JWT, whatever the scheme's case`, async (t) => {
    const { http, apiKey } = platform(backend);
    for (const scheme of ["APIKEY", "ApiKey", "apikey"]) {
      const reply = await http.request("POST", "/vam/v1/auth", { auth: `${scheme} ${apiKey}` });
      t.is(reply.status, 200);
      const body = reply.json as { token_type: string; access_token: string };
      t.is(body.token_type, "Bearer");
      const [header, claims] = body.access_token
        .split(".")
        .slice(0, 2)
        .map((part) => JSON.parse(Buffer.from(part, "base64url").toString()));
      t.is(header.alg, "HS512");
      t.is(claims.exp - claims.iat, 86_400);
      t.is(typeof claims.iss, "string");
    }
  });

  test(`${backend}: POST /v1/auth rejects a wrong key, a malformed header and a missing header with 401 JSON`, async (t) => {
    const { http } = platform(backend);
    const wrong = await http.request("POST", "/vam/v1/auth", { auth: "APIKEY nope" });
    t.is(wrong.status, 401);
    t.deepEqual(wrong.json, { message: "Invalid API key", responseCode: 401 });
    const malformed = await http.request("POST", "/vam/v1/auth", { auth: "APIKEY" });
    t.is(malformed.status, 401);
    t.deepEqual(malformed.json, { message: "Invalid Authorization header", responseCode: 401 });
    const missing = await http.request("POST", "/vam/v1/auth");
    t.is(missing.status, 401);
    t.is((missing.json as { responseCode: number }).responseCode, 401);
  });

  test(`${backend}: GET /v1/health answers the legacy camelCase health record`, async (t) => {
    const reply = await platform(backend).http.get("/vam/v1/health");
    t.is(reply.status, 200);
    const health = reply.json as Record<string, unknown>;
    t.deepEqual(Object.keys(health).sort(), [
      "application",
      "availableProcessors",
      "description",
      "freeMemory",
      "jdkVersion",
      "maxMemory",
      "totalMemory",
      "version",
    ]);
    t.is(health.application, "vampire-squid");
    t.true((health.freeMemory as number) > 0);
  });

  test(`${backend}: every JWT route rejects a missing, an invalid and an expired token with 401, changing nothing`, async (t) => {
    const { http, signingSecret } = platform(backend);
    const media = await createMedia(http);
    const secret = new TextEncoder().encode(signingSecret);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: "HS512", typ: "JWT" })
      .setIssuer("http://www.mbari.org")
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(secret);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: "HS512", typ: "JWT" })
      .setIssuer("http://www.mbari.org")
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode("not-the-secret"));
    const jwtRoutes = registryRoutes.routes.filter((route) => registryRoutes.access.get(route.rpc) === "jwt");
    t.is(jwtRoutes.length, 13);
    for (const route of jwtRoutes) {
      const path = concretePath(route.path);
      const missing = await http.request(route.method, path, { form: { name: "x" } });
      t.is(missing.status, 401, `${route.method} ${route.path} without a token`);
      t.deepEqual(missing.json, { message: "Missing token", responseCode: 401 });
      for (const token of [forged, expired, "not-a-jwt"]) {
        const invalid = await http.request(route.method, path, {
          form: { name: "x" },
          auth: `Bearer ${token}`,
        });
        t.is(invalid.status, 401, `${route.method} ${route.path} with a bad token`);
        t.deepEqual(invalid.json, { message: "Invalid token", responseCode: 401 });
      }
    }
    const after = await http.get(`/vam/v1/media/videoreference/${media.video_reference_uuid}`);
    t.deepEqual(after.json, media);
  });

  test(`${backend}: GET /metrics shows the gateway's requests and the registry's gRPC calls`, async (t) => {
    const { http } = platform(backend);
    await http.get("/vam/v1/videosequences/names");
    const text = (await http.get("/metrics")).text;
    t.regex(text, /http_request_duration_seconds_count\{[^}]*route="\/vam\/v1\/videosequences\/names"/);
    t.regex(text, /grpc_server_handled_total\{[^}]*grpc_method="ListVideoSequenceNames"/);
  });

  test(`${backend}: an unknown path under /vam answers 404 JSON`, async (t) => {
    const reply = await platform(backend).http.get("/vam/v1/nothing/here");
    t.is(reply.status, 404);
    t.is(reply.headers.get("content-type")?.split(";")[0], "application/json");
    t.is((reply.json as { responseCode: number }).responseCode, 404);
  });

  test(`${backend}: /vam/docs serves Swagger UI and an OpenAPI document listing every registry route`, async (t) => {
    const { http } = platform(backend);
    const page = await http.get("/vam/docs");
    t.is(page.status, 200);
    t.regex(page.text, /swagger/i);
    const document = (await http.get("/vam/docs/openapi.json")).json as { paths: Record<string, object> };
    const operations = Object.values(document.paths).reduce(
      (count, item) => count + Object.keys(item).length,
      0,
    );
    t.true(operations >= 51);
  });
}
