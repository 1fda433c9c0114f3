import test from "ava";
import { startTestPlatform, type TestPlatform } from "../../support/e2e/test-platform.js";

let platform: TestPlatform;
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

test.before(async () => {
  platform = await startTestPlatform("sqlite", {
    M3_CORS_ORIGIN: "http://editor.example.org",
    M3_TRUST_PROXY: "true",
    M3_KB_LOGIN_MAX_FAILURES_PER_ADDRESS: "2",
  });
});
test.after.always(() => platform?.stop());

test("the all-in-one gateway takes the gateway's settings: the CORS origin", async (t) => {
  const reply = await platform.http.get("/vam/v1/videosequences/names");
  t.is(reply.headers.get("access-control-allow-origin"), "http://editor.example.org");
  t.regex(reply.headers.get("vary") ?? "", /Origin/);
});

test("behind a trusted proxy, the client's address comes from X-Forwarded-For (failed logins count per client)", async (t) => {
  const login = (address: string) =>
    platform.http.post("/kb/v1/auth/login", {
      auth: basic("nobody", "x"),
      headers: { "X-Forwarded-For": `${address}, 10.0.0.1` },
    });
  t.is((await login("203.0.113.1")).status, 401);
  t.is((await login("203.0.113.1")).status, 401);
  t.is((await login("203.0.113.1")).status, 429);
  t.is((await login("203.0.113.2")).status, 401, "another client behind the same proxy is not throttled");
});
