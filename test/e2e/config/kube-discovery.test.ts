import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "ava";
import { type ConfigStack, startConfigStack } from "../../support/config/config-stack.js";
import { eventually } from "../../support/config/eventually.js";
import { type FakeService, startHealthyService } from "../../support/config/health-server.js";
import { m3Service } from "../../support/config/kube-api-stub.js";
import { KubeCluster } from "../../support/config/kube-cluster.js";

let kube: KubeCluster;
let registry: FakeService;
let stack: ConfigStack;
let dir: string;

test.before(async () => {
  kube = await KubeCluster.start("media");
  registry = await startHealthyService("/vam/v1", "vampire-squid");
  await kube.applyService(
    m3Service("m3-registry", "registry", {
      "m3.io/endpoint-names": "vampire-squid",
      "m3.io/url": "https://m3.example.org/vam/v1",
      "m3.io/internal-url": registry.url,
      "m3.io/proxy-path": "/vam",
      "m3.io/secret-env": "M3_REGISTRY_API_KEY",
    }),
  );
  await kube.applyService(m3Service("m3-gateway", "gateway"));
  dir = mkdtempSync(join(tmpdir(), "m3-kubeconfig-"));
  stack = await startConfigStack({
    M3_CONFIG_KUBE_NAMESPACE: "media",
    M3_CONFIG_KUBECONFIG: kube.writeKubeconfig(dir),
    M3_REGISTRY_API_KEY: "registry-key",
    // Ignored in a cluster: the Services are the truth.
    M3_CONFIG_ENDPOINTS: JSON.stringify([{ names: ["static"], url: "http://static", proxyPath: "/s" }]),
    M3_CONFIG_HEALTH_CACHE_MILLIS: "0",
  });
});

test.after.always(async () => {
  await stack?.stop();
  await kube?.close();
  await registry?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function endpointNames(): Promise<string[]> {
  const reply = await stack.http.get("/config/endpoints");
  return (reply.json as { name: string }[]).map(({ name }) => name);
}

test.serial("in a namespace, the endpoints are the annotated m3 Services", async (t) => {
  const reply = await stack.http.get("/config/endpoints?internal=true");
  t.deepEqual(reply.json, [
    { name: "vampire-squid", url: registry.url, timeoutMillis: 10000, secret: null, proxyPath: "/vam" },
  ]);
  const token = (
    (await stack.http.request("POST", "/config/auth", { headers: { "x-api-key": stack.apiKey } })).json as {
      accessToken: string;
    }
  ).accessToken;
  const withSecret = await stack.http.get("/config/endpoints", { auth: `Bearer ${token}` });
  t.like((withSecret.json as object[])[0], { url: "https://m3.example.org/vam/v1", secret: "registry-key" });
});

test.serial("a Service added, changed or removed in the cluster shows in endpoints and health", async (t) => {
  await kube.applyService(
    m3Service("m3-annotation", "annotation", {
      "m3.io/endpoint-names": "annosaurus",
      "m3.io/url": "http://127.0.0.1:1/anno/v1",
      "m3.io/proxy-path": "/anno",
      "m3.io/timeout-millis": "500",
    }),
  );
  await eventually(async () => ((await endpointNames()).includes("annosaurus") ? true : undefined));
  const status = await stack.http.get("/config/health/status");
  t.deepEqual(
    (status.json as { name: string; healthStatus: { application: string } | null }[]).map(
      ({ name, healthStatus }) => [name, healthStatus?.application ?? null],
    ),
    [
      ["annosaurus", null],
      ["raziel", "raziel"],
      ["vampire-squid", "vampire-squid"],
    ],
  );
  await kube.applyService(
    m3Service("m3-registry", "registry", {
      "m3.io/endpoint-names": "vampire-squid,vam",
      "m3.io/url": "https://m3.example.org/vam/v1",
      "m3.io/proxy-path": "/vam",
    }),
  );
  await eventually(async () => ((await endpointNames()).includes("vam") ? true : undefined));
  await kube.deleteService("m3-annotation");
  await eventually(async () => (!(await endpointNames()).includes("annosaurus") ? true : undefined));
  t.deepEqual(await endpointNames(), ["vam", "vampire-squid"]);
  const expected = await stack.http.get("/config/health/expected");
  t.deepEqual(expected.json, [
    { name: "vam", healthStatus: null },
    { name: "vampire-squid", healthStatus: null },
  ]);
});

test.serial(
  "a Service's extra endpoints are listed like the others, without a secret unless they name one",
  async (t) => {
    await kube.applyService(
      m3Service("m3-capture", "capture", {
        "m3.io/endpoint-names": "beholder",
        "m3.io/url": "https://m3.example.org/capture",
        "m3.io/proxy-path": "/beholder",
        "m3.io/secret-env": "M3_REGISTRY_API_KEY",
        "m3.io/extra-endpoints": JSON.stringify([
          { names: "skimmer", url: "https://m3.example.org/skimmer", proxyPath: "/skimmer" },
        ]),
      }),
    );
    await eventually(async () => ((await endpointNames()).includes("skimmer") ? true : undefined));
    const token = (
      (await stack.http.request("POST", "/config/auth", { headers: { "x-api-key": stack.apiKey } })).json as {
        accessToken: string;
      }
    ).accessToken;
    const listed = (await stack.http.get("/config/endpoints", { auth: `Bearer ${token}` })).json as {
      name: string;
      secret: string | null;
    }[];
    t.like(
      listed.find(({ name }) => name === "skimmer"),
      { url: "https://m3.example.org/skimmer", timeoutMillis: 10000, secret: null, proxyPath: "/skimmer" },
    );
    t.is(listed.find(({ name }) => name === "beholder")?.secret, "registry-key");
    await kube.deleteService("m3-capture");
    await eventually(async () => (!(await endpointNames()).includes("skimmer") ? true : undefined));
    t.false((await endpointNames()).includes("beholder"));
  },
);
