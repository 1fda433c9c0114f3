import test from "ava";
import { SignJWT } from "jose";
import { kbRoutes } from "../../../gateway/src/routes/kb.routes.js";
import { basicAuth, createUser, KB_BACKENDS, loginAs, useKbPlatforms } from "../../support/e2e/kb-people.js";

const platform = useKbPlatforms(test);

function concretePath(path: string): string {
  return `/kb${path.replace(/\{[^}]+\}/g, "1")}`;
}

async function signed(secret: string, issuedAt: number, expiresAt: number): Promise<string> {
  return new SignJWT({ name: "kbadmin", role: "Admin" })
    .setProtectedHeader({ alg: "HS512", typ: "JWT" })
    .setIssuer("http://www.mbari.org")
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(secret));
}

for (const backend of KB_BACKENDS) {
  test(`${backend}: GET /kb/v1/health answers the oni health record`, async (t) => {
    const reply = await platform(backend).http.get("/kb/v1/health");
    t.is(reply.status, 200);
    t.like(reply.json, {
      application: "oni",
      description: "Organism Naming Infrastructure: Knowledge-base and User Accounts",
    });
    t.true(((reply.json as { freeMemory: number }).freeMemory ?? 0) > 0);
  });

  test(`${backend}: /kb/docs and /kb/v1/docs serve Swagger UI over an OpenAPI document of every kb route`, async (t) => {
    const { http } = platform(backend);
    for (const path of ["/kb/docs", "/kb/v1/docs"]) {
      const page = await http.get(path);
      t.is(page.status, 200, path);
      t.regex(page.text, /swagger/i);
    }
    const document = (await http.get("/kb/docs/openapi.json")).json as {
      paths: Record<string, Record<string, unknown>>;
    };
    const methods = new Set(["get", "post", "put", "delete", "patch"]);
    const operations = Object.values(document.paths).flatMap((item) =>
      Object.keys(item).filter((key) => methods.has(key)),
    );
    t.is(operations.length, kbRoutes.routes.length);
  });

  test.serial(
    `${backend}: every kb JWT route rejects a missing, a forged and an expired token with 401, changing nothing`,
    async (t) => {
      const target = platform(backend);
      const { http } = target;
      const adminAuth = await loginAs(http, target.admin.username, target.admin.password);
      const before = {
        names: (await http.get("/kb/v1/concept")).json,
        users: (await http.get("/kb/v1/users", { auth: adminAuth })).json,
        pending: (await http.get("/kb/v1/history/pending/count", { auth: adminAuth })).json,
      };
      const now = Math.floor(Date.now() / 1000);
      const forged = await signed("not-the-secret", now, now + 3600);
      const expired = await signed(target.signingSecret ?? "", now - 7200, now - 3600);
      const jwtRoutes = kbRoutes.routes.filter((route) => kbRoutes.access.get(route.rpc) === "jwt");
      t.is(jwtRoutes.length, 38, "the spec marks 38 kb routes JWT");
      for (const route of jwtRoutes) {
        const path = concretePath(route.path);
        const body = route.body ? { json: { name: "x", key: "k", value: "v" } } : {};
        const missing = await http.request(route.method, path, body);
        t.is(missing.status, 401, `${route.method} ${route.path} without a token`);
        t.deepEqual(missing.json, { message: "Missing token", responseCode: 401 });
        for (const token of [forged, expired, "not-a-jwt"]) {
          const invalid = await http.request(route.method, path, { ...body, auth: `Bearer ${token}` });
          t.is(invalid.status, 401, `${route.method} ${route.path} with a bad token`);
          t.deepEqual(invalid.json, { message: "Invalid token", responseCode: 401 });
        }
      }
      t.deepEqual((await http.get("/kb/v1/concept")).json, before.names);
      t.deepEqual((await http.get("/kb/v1/users", { auth: adminAuth })).json, before.users);
      t.deepEqual((await http.get("/kb/v1/history/pending/count", { auth: adminAuth })).json, before.pending);
    },
  );

  test(`${backend}: a login token carries the user's name and role and lasts one day`, async (t) => {
    const target = platform(backend);
    const adminAuth = await loginAs(target.http, target.admin.username, target.admin.password);
    const claims = JSON.parse(Buffer.from(adminAuth.split(".")[1] ?? "", "base64url").toString("utf8"));
    t.is(claims.exp - claims.iat, 86_400);
    t.is(claims.name, target.admin.username);
    t.is(claims.role, "Admin");
  });
}

for (const backend of KB_BACKENDS) {
  test.serial(
    `${backend}: an annotator logs in but cannot change the kb; a readonly user cannot log in`,
    async (t) => {
      const target = platform(backend);
      const annotator = await createUser(target, "annotator");
      const annotatorAuth = await loginAs(target.http, annotator, `pw-${annotator}`);
      const refused = await target.http.post("/kb/v1/concept", {
        auth: annotatorAuth,
        json: { name: "nope" },
      });
      t.is(refused.status, 403);
      const readonly = await createUser(target, "readonly");
      const login = await target.http.request("POST", "/kb/v1/auth/login", {
        auth: basicAuth(readonly, `pw-${readonly}`),
      });
      t.is(login.status, 401);
    },
  );
}
