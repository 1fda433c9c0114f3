import test from "ava";
import { KB_BACKENDS, startTestPlatform, type TestPlatform } from "../../support/e2e/test-platform.js";

const LIMITS = {
  M3_ADMIN_USER: "admin",
  M3_ADMIN_PASSWORD: "throttle-admin-pw",
  M3_KB_LOGIN_MAX_FAILURES_PER_USER: "3",
  M3_KB_LOGIN_MAX_FAILURES_PER_ADDRESS: "8",
  M3_KB_LOGIN_WINDOW_SECONDS: "120",
};
const REFUSED =
  "Unable to login. Check your username and password and verify that you are an administrator or maintainer";
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

const platforms = new Map<string, TestPlatform>();
test.before(async () => {
  for (const backend of KB_BACKENDS) platforms.set(backend, await startTestPlatform(backend, LIMITS));
});
test.after.always(() => Promise.allSettled([...platforms.values()].map((platform) => platform.stop())));

for (const backend of KB_BACKENDS) {
  test.serial(`${backend}: an unknown user and a wrong password get the same 401 answer`, async (t) => {
    const { http } = platforms.get(backend) as TestPlatform;
    const unknown = await http.post("/kb/v1/auth/login", { auth: basic("nobody-at-all", "x") });
    const wrong = await http.post("/kb/v1/auth/login", { auth: basic("admin", "not-the-password") });
    for (const reply of [unknown, wrong]) {
      t.is(reply.status, 401);
      t.deepEqual(reply.json, { message: REFUSED, responseCode: 401 });
    }
  });

  test.serial(
    `${backend}: repeated failed logins of one user answer 429 with Retry-After, then lock the user out`,
    async (t) => {
      const { http } = platforms.get(backend) as TestPlatform;
      const attempt = (password: string) =>
        http.post("/kb/v1/auth/login", { auth: basic("admin", password) });
      // One failure is left from the test above; two more reach the limit of three.
      t.is((await attempt("guess-1")).status, 401);
      t.is((await attempt("guess-2")).status, 401);
      const throttled = await attempt("guess-3");
      t.is(throttled.status, 429);
      t.regex(
        (throttled.json as { message: string }).message,
        /^Too many failed logins; try again in \d+ seconds$/,
      );
      const retryAfter = Number(throttled.headers.get("retry-after"));
      t.true(retryAfter > 0 && retryAfter <= 120, `Retry-After ${retryAfter}`);
      t.is((await attempt(LIMITS.M3_ADMIN_PASSWORD)).status, 429, "even the right password waits");
    },
  );

  test.serial(
    `${backend}: logins through /config/auth count against the same limits and answer 429 too`,
    async (t) => {
      const { http } = platforms.get(backend) as TestPlatform;
      const reply = await http.post("/config/auth", { auth: basic("admin", LIMITS.M3_ADMIN_PASSWORD) });
      t.is(reply.status, 429);
      t.truthy(reply.headers.get("retry-after"));
    },
  );

  test.serial(`${backend}: one address guessing many usernames is throttled as a whole`, async (t) => {
    const { http } = platforms.get(backend) as TestPlatform;
    const statuses: number[] = [];
    for (let user = 0; user < 6; user++) {
      statuses.push((await http.post("/kb/v1/auth/login", { auth: basic(`someone-${user}`, "x") })).status);
    }
    t.true(statuses.includes(429), `statuses ${statuses.join(",")}`);
    t.is(statuses.at(-1), 429);
  });
}
