import { randomBytes } from "node:crypto";
import test from "ava";
import { allServiceRoutes } from "../../../gateway/src/routes/index.js";
import { HttpClient } from "../../../tools/dev/fixtures/http-client.js";
import { stopPrivateMariaDb } from "../../../tools/dev/fixtures/mariadb.js";
import { stopPrivatePostgres } from "../../../tools/dev/fixtures/postgres.js";
import { loginAs } from "../../support/e2e/kb-people.js";
import {
  BACKENDS,
  type Backend,
  startTestPlatform,
  type TestPlatform,
} from "../../support/e2e/test-platform.js";

const ADMIN = { M3_ADMIN_USER: "admin", M3_ADMIN_PASSWORD: randomBytes(8).toString("hex") };
const platforms = new Map<Backend, TestPlatform>();
test.before(async () => {
  for (const backend of BACKENDS) platforms.set(backend, await startTestPlatform(backend, ADMIN));
});
test.after.always(async () => {
  await Promise.allSettled([...platforms.values()].map((platform) => platform.stop()));
  await Promise.all([stopPrivateMariaDb(), stopPrivatePostgres()]);
});

/** Path values that are wrong in every way a client gets them wrong. */
const BAD_PATH_VALUES = ["not-a-uuid", "-1", "x%25y", "20201301T250000Z", "%E2%9C%93"];
const BAD_BODIES = [
  { body: "{not json", contentType: "application/json" },
  { body: "[1,2,3]", contentType: "application/json" },
  {
    body: '{"limit":"many","uuid":7,"start_timestamp":"yesterday","name":{"a":1}}',
    contentType: "application/json",
  },
  { body: "width=wide&duration_millis=long&start=noon", contentType: "application/x-www-form-urlencoded" },
];

for (const backend of BACKENDS) {
  test(`${backend}: no route answers malformed input with a 5xx or a non-JSON error`, async (t) => {
    const platform = platforms.get(backend);
    if (!platform) throw new Error("the platform did not start");
    const http = new HttpClient(platform.http.baseUrl, platform.apiKey, "/kb/v1/auth");
    const admin = await loginAs(http, ADMIN.M3_ADMIN_USER, ADMIN.M3_ADMIN_PASSWORD);
    let requests = 0;
    for (const service of allServiceRoutes) {
      for (const route of service.routes) {
        for (const value of BAD_PATH_VALUES) {
          const path = `${service.basePath}${route.path.replace(/\{[^}]+\}/g, value)}`;
          const bodies = route.body ? BAD_BODIES : [{ body: undefined, contentType: undefined }];
          for (const { body, contentType } of bodies) {
            const reply = await http.request(route.method, `${path}?limit=-5&offset=abc`, {
              body,
              contentType,
              auth: admin,
            });
            requests++;
            const where = `${route.method} ${path} ${body ?? ""}`;
            t.true(reply.status < 500, `${where} answered ${reply.status}: ${reply.text.slice(0, 200)}`);
            if (reply.status >= 400) {
              t.is(reply.headers.get("content-type")?.split(";")[0], "application/json", where);
              t.is((reply.json as { responseCode?: number }).responseCode, reply.status, where);
            }
          }
        }
      }
    }
    t.log(`${requests} malformed requests`);
  });
}
