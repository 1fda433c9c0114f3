import test from "ava";
import { type ConfigStack, startConfigStack } from "../../support/config/config-stack.js";
import {
  type FakeService,
  healthJson,
  startFakeService,
  startHealthyService,
} from "../../support/config/health-server.js";

let anno: FakeService;
let kb: FakeService;
let capture: FakeService;
let stack: ConfigStack;

test.before(async () => {
  anno = await startHealthyService("/anno/v1", "annosaurus");
  kb = await startHealthyService("/kb/v1", "oni");
  // Answers, but with no free memory: the legacy rule counts that as down.
  capture = await startFakeService("", (_request, response) => {
    response
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify(healthJson("beholder", 0)));
  });
  stack = await startConfigStack({
    M3_ANNOTATION_API_KEY: "anno-key",
    M3_KB_KEY: "kb-key",
    M3_CONFIG_ENDPOINTS: JSON.stringify([
      {
        names: ["annosaurus"],
        url: "https://m3.example.org/anno/v1",
        internalUrl: anno.url,
        proxyPath: "/anno",
        secretEnv: "M3_ANNOTATION_API_KEY",
      },
      {
        names: ["beholder"],
        url: "https://m3.example.org/capture",
        internalUrl: capture.url,
        proxyPath: "/capture",
      },
      {
        names: ["oni", "vars-kb-server", "vars-user-server"],
        url: "https://m3.example.org/kb/v1",
        internalUrl: kb.url,
        proxyPath: "/kb",
        timeoutMillis: 20000,
        secretEnv: "M3_KB_KEY",
      },
      { names: "vampire-squid", url: "http://127.0.0.1:1/vam/v1", proxyPath: "/vam", timeoutMillis: 500 },
    ]),
  });
});

test.after.always(async () => {
  await stack?.stop();
  await Promise.all([anno?.close(), kb?.close(), capture?.close()]);
});

async function masterToken(): Promise<string> {
  const reply = await stack.http.request("POST", "/config/auth", { headers: { "x-api-key": stack.apiKey } });
  return (reply.json as { accessToken: string }).accessToken;
}

test("without a token, endpoints list every name by name with public URLs and a null secret", async (t) => {
  const reply = await stack.http.get("/config/endpoints");
  t.is(reply.status, 200);
  t.deepEqual(reply.json, [
    {
      name: "annosaurus",
      url: "https://m3.example.org/anno/v1",
      timeoutMillis: 10000,
      secret: null,
      proxyPath: "/anno",
    },
    {
      name: "beholder",
      url: "https://m3.example.org/capture",
      timeoutMillis: 10000,
      secret: null,
      proxyPath: "/capture",
    },
    {
      name: "oni",
      url: "https://m3.example.org/kb/v1",
      timeoutMillis: 20000,
      secret: null,
      proxyPath: "/kb",
    },
    {
      name: "vampire-squid",
      url: "http://127.0.0.1:1/vam/v1",
      timeoutMillis: 500,
      secret: null,
      proxyPath: "/vam",
    },
    {
      name: "vars-kb-server",
      url: "https://m3.example.org/kb/v1",
      timeoutMillis: 20000,
      secret: null,
      proxyPath: "/kb",
    },
    {
      name: "vars-user-server",
      url: "https://m3.example.org/kb/v1",
      timeoutMillis: 20000,
      secret: null,
      proxyPath: "/kb",
    },
  ]);
  t.deepEqual(Object.keys((reply.json as object[])[0] ?? {}), [
    "name",
    "url",
    "timeoutMillis",
    "secret",
    "proxyPath",
  ]);
});

test("a valid config token adds the secrets; an invalid one is not an error and adds nothing", async (t) => {
  const withToken = await stack.http.get("/config/endpoints", { auth: `Bearer ${await masterToken()}` });
  const secrets = Object.fromEntries(
    (withToken.json as { name: string; secret: string | null }[]).map(({ name, secret }) => [name, secret]),
  );
  t.deepEqual(secrets, {
    annosaurus: "anno-key",
    beholder: null,
    oni: "kb-key",
    "vampire-squid": null,
    "vars-kb-server": "kb-key",
    "vars-user-server": "kb-key",
  });
  const invalid = await stack.http.get("/config/endpoints", { auth: "Bearer not-a-token" });
  t.is(invalid.status, 200);
  t.true((invalid.json as { secret: unknown }[]).every((endpoint) => endpoint.secret === null));
});

test("internal=true gives the in-cluster URLs (the public one where none is set)", async (t) => {
  const reply = await stack.http.get("/config/endpoints?internal=true");
  const urls = Object.fromEntries(
    (reply.json as { name: string; url: string }[]).map(({ name, url }) => [name, url]),
  );
  t.deepEqual(urls, {
    annosaurus: anno.url,
    beholder: capture.url,
    oni: kb.url,
    "vampire-squid": "http://127.0.0.1:1/vam/v1",
    "vars-kb-server": kb.url,
    "vars-user-server": kb.url,
  });
});

test("/config/health is the config service's own record, application raziel", async (t) => {
  const reply = await stack.http.get("/config/health");
  t.is(reply.status, 200);
  t.like(reply.json, { application: "raziel", description: "Configuration/Key Store" });
  t.deepEqual(Object.keys(reply.json as object), [
    "jdkVersion",
    "availableProcessors",
    "freeMemory",
    "maxMemory",
    "totalMemory",
    "application",
    "version",
    "description",
  ]);
});

test("/config/health/expected lists every expected name with a null healthStatus", async (t) => {
  const reply = await stack.http.get("/config/health/expected");
  t.deepEqual(reply.json, [
    { name: "annosaurus", healthStatus: null },
    { name: "beholder", healthStatus: null },
    { name: "oni", healthStatus: null },
    { name: "vampire-squid", healthStatus: null },
    { name: "vars-kb-server", healthStatus: null },
    { name: "vars-user-server", healthStatus: null },
  ]);
});

test("/config/health/status has every service plus raziel; those down have a null healthStatus", async (t) => {
  const reply = await stack.http.get("/config/health/status");
  t.is(reply.status, 200);
  const statuses = reply.json as { name: string; healthStatus: { application: string } | null }[];
  t.deepEqual(
    statuses.map(({ name, healthStatus }) => [name, healthStatus?.application ?? null]),
    [
      ["annosaurus", "annosaurus"],
      ["beholder", null],
      ["oni", "oni"],
      ["raziel", "raziel"],
      ["vampire-squid", null],
      ["vars-kb-server", "oni"],
      ["vars-user-server", "oni"],
    ],
  );
  t.deepEqual(statuses[0]?.healthStatus, healthJson("annosaurus"));
});

test("/config/health/available leaves out the services that are down", async (t) => {
  const reply = await stack.http.get("/config/health/available");
  t.deepEqual(
    (reply.json as { name: string }[]).map(({ name }) => name),
    ["annosaurus", "oni", "raziel", "vars-kb-server", "vars-user-server"],
  );
});

test("status requests within a few seconds poll each service once", async (t) => {
  const before = anno.requests.length;
  await Promise.all([stack.http.get("/config/health/status"), stack.http.get("/config/health/available")]);
  await stack.http.get("/config/health/status");
  t.true(anno.requests.length - before <= 1);
});
