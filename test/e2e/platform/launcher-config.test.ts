import test from "ava";
import { startTestPlatform, type TestPlatform } from "../../support/e2e/test-platform.js";

let platform: TestPlatform;
const ADMIN = { M3_ADMIN_USER: "admin", M3_ADMIN_PASSWORD: "launcher-secret-1" };

test.before(async () => {
  platform = await startTestPlatform("sqlite", ADMIN);
});
test.after.always(() => platform?.stop());

interface EndpointJson {
  name: string;
  url: string;
  timeoutMillis: number;
  secret: string | null;
  proxyPath: string;
}

test("the all-in-one config service lists every domain at the gateway, secrets only with its token", async (t) => {
  const { http } = platform;
  const open = (await http.get("/config/endpoints")).json as EndpointJson[];
  const base = http.baseUrl;
  t.deepEqual(open.map(({ name, url, proxyPath }) => [name, url, proxyPath]).sort(), [
    ["annosaurus", `${base}/anno/v1`, "/anno"],
    ["beholder", `${base}/capture`, "/beholder"],
    ["oni", `${base}/kb/v1`, "/oni"],
    ["panoptes", `${base}/panoptes/v1`, "/panoptes"],
    ["vampire-squid", `${base}/vam/v1`, "/vam"],
    ["vars-kb-server", `${base}/kb/v1`, "/oni"],
    ["vars-user-server", `${base}/kb/v1`, "/oni"],
  ]);
  t.true(open.every((endpoint) => endpoint.secret === null && endpoint.timeoutMillis === 10_000));
  const auth = await http.post("/config/auth", { auth: false, headers: { "x-api-key": platform.apiKey } });
  t.is(auth.status, 200);
  const token = (auth.json as { accessToken: string }).accessToken;
  const withToken = (await http.get("/config/endpoints", { auth: `Bearer ${token}` })).json as EndpointJson[];
  t.true(withToken.every((endpoint) => endpoint.secret === platform.apiKey));
});

test("the all-in-one config service logs in the kb's users and sees every domain healthy", async (t) => {
  const { http } = platform;
  const basic = `Basic ${Buffer.from(`${ADMIN.M3_ADMIN_USER}:${ADMIN.M3_ADMIN_PASSWORD}`).toString("base64")}`;
  const login = await http.post("/config/auth", { auth: basic });
  t.is(login.status, 200);
  const claims = await http.post("/config/auth/verify", {
    auth: `Bearer ${(login.json as { accessToken: string }).accessToken}`,
  });
  t.like(claims.json, { username: "admin" });
  const refused = await http.post("/config/auth", { auth: basic.replace(/.{4}$/, "AAAA") });
  t.is(refused.status, 401);
  const available = (await http.get("/config/health/available")).json as { name: string }[];
  t.deepEqual(available.map(({ name }) => name).sort(), [
    "annosaurus",
    "beholder",
    "oni",
    "panoptes",
    "raziel",
    "vampire-squid",
    "vars-kb-server",
    "vars-user-server",
  ]);
});
