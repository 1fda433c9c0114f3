import test from "ava";
import { RAZIEL_NAMES } from "../../support/config/raziel-names.js";
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
    ["charybdis", `${base}/references`, "/references"],
    ["oni", `${base}/kb/v1`, "/oni"],
    ["panoptes", `${base}/panoptes/v1`, "/panoptes"],
    ["skimmer", `${base}/skimmer`, "/skimmer"],
    ["vampire-squid", `${base}/vam/v1`, "/vam"],
    ["vars-kb-server", `${base}/kb/v1`, "/oni"],
    ["vars-user-server", `${base}/kb/v1`, "/oni"],
  ]);
  t.deepEqual(
    open.map(({ name }) => name),
    [...RAZIEL_NAMES],
  );
  t.true(open.every((endpoint) => endpoint.secret === null && endpoint.timeoutMillis === 10_000));
  const auth = await http.post("/config/auth", { auth: false, headers: { "x-api-key": platform.apiKey } });
  t.is(auth.status, 200);
  const token = (auth.json as { accessToken: string }).accessToken;
  const withToken = (await http.get("/config/endpoints", { auth: `Bearer ${token}` })).json as EndpointJson[];
  // As raziel lists them: a secret for every service but skimmer and charybdis, which take none.
  const keyless = ["charybdis", "skimmer"];
  for (const { name, secret } of withToken)
    t.is(secret, keyless.includes(name) ? null : platform.apiKey, name);
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
    "charybdis",
    "oni",
    "panoptes",
    "raziel",
    "skimmer",
    "vampire-squid",
    "vars-kb-server",
    "vars-user-server",
  ]);
});

test("with per-domain keys, each endpoint lists the key its own service accepts", async (t) => {
  const keys = { CAPTURE_API_KEY: "capture-own-key", M3_REGISTRY_API_KEY: "registry-own-key" };
  const own = await startTestPlatform("sqlite", { ...ADMIN, ...keys });
  try {
    const { http } = own;
    const auth = await http.post("/config/auth", { auth: false, headers: { "x-api-key": own.apiKey } });
    const token = (auth.json as { accessToken: string }).accessToken;
    const endpoints = (await http.get("/config/endpoints", { auth: `Bearer ${token}` }))
      .json as EndpointJson[];
    const secretOf = (name: string) => endpoints.find((endpoint) => endpoint.name === name)?.secret;
    t.is(secretOf("beholder"), keys.CAPTURE_API_KEY);
    t.is(secretOf("vampire-squid"), keys.M3_REGISTRY_API_KEY);
    for (const name of ["annosaurus", "oni", "panoptes"]) t.is(secretOf(name), own.apiKey, name);
    for (const endpoint of endpoints.filter(({ secret }) => secret !== null)) {
      const path = endpoint.url.slice(http.baseUrl.length);
      const reply =
        endpoint.name === "beholder"
          ? await http.post(`${path}/capture`, {
              auth: false,
              headers: { "x-api-key": endpoint.secret ?? "" },
            })
          : await http.post(`${path}/auth`, { auth: `APIKEY ${endpoint.secret}` });
      t.not(reply.status, 401, `${endpoint.name} accepts its listed secret`);
      t.true(reply.status < 500, `${endpoint.name}: ${reply.status}`);
    }
    const refused = await http.post("/capture/capture", {
      auth: false,
      headers: { "x-api-key": own.apiKey },
    });
    t.is(refused.status, 401);
  } finally {
    await own.stop();
  }
});
