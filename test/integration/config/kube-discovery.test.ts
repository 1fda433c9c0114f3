/**
 * The config service's discovery of m3 Services, through the Kubernetes API only: the Services
 * written as kubectl would, on the test servers' cluster (k3s where a container engine answers,
 * the API-server stand-in here). What only the stand-in can show (the requests it received,
 * a 410 Gone, failing lists, the watch closed) is in kube-discovery-faults.test.ts.
 */
import test from "ava";
import { pino } from "pino";
import type { EndpointDiscovery } from "../../../services/config/discovery/endpoint-entry.js";
import { startKubeDiscovery } from "../../../services/config/discovery/kube-discovery.js";
import { namesBecome, namesOf } from "../../support/config/discovered-names.js";
import { eventually } from "../../support/config/eventually.js";
import { ANNO, m3Service } from "../../support/config/kube-api-stub.js";
import { KubeCluster } from "../../support/config/kube-cluster.js";

const KB = {
  "m3.io/endpoint-names": "oni,vars-kb-server,vars-user-server",
  "m3.io/url": "https://m3.example.org/kb/v1/",
  "m3.io/proxy-path": "/kb",
  "m3.io/timeout-millis": "20000",
};

async function discover(cluster: KubeCluster): Promise<EndpointDiscovery> {
  return startKubeDiscovery({
    kubeConfig: cluster.config(),
    namespace: cluster.namespace,
    logger: pino({ level: "silent" }),
    retryMillis: 50,
  });
}

test("the initial list maps annotated m3 Services to entries, with defaults, and skips the rest", async (t) => {
  const cluster = await KubeCluster.start();
  await cluster.applyService(m3Service("m3-annotation", "annotation", ANNO));
  await cluster.applyService(m3Service("m3-kb", "kb", KB));
  await cluster.applyService(m3Service("m3-mysql-headless", "database"));
  await cluster.applyService({
    name: "other-app",
    annotations: { ...ANNO, "m3.io/endpoint-names": "intruder" },
  });
  const discovery = await discover(cluster);
  try {
    t.deepEqual(discovery.entries(), [
      {
        names: ["annosaurus"],
        url: "https://m3.example.org/anno/v1",
        internalUrl: "http://m3-gateway.media.svc.cluster.local:8080/anno/v1",
        proxyPath: "/anno",
        timeoutMillis: 10_000,
        secretEnv: "M3_ANNOTATION_API_KEY",
      },
      {
        names: ["oni", "vars-kb-server", "vars-user-server"],
        url: "https://m3.example.org/kb/v1",
        internalUrl: "https://m3.example.org/kb/v1",
        proxyPath: "/kb",
        timeoutMillis: 20_000,
      },
    ]);
  } finally {
    await discovery.close();
    await cluster.close();
  }
});

test("a Service's extra endpoints (skimmer on capture, charybdis on annotation) are found like the others", async (t) => {
  const cluster = await KubeCluster.start();
  const extra = (names: string, path: string) =>
    JSON.stringify([
      {
        names,
        url: `https://m3.example.org${path}`,
        internalUrl: `http://m3-gateway:8080${path}`,
        proxyPath: path,
      },
    ]);
  await cluster.applyService(
    m3Service("m3-annotation", "annotation", {
      ...ANNO,
      "m3.io/extra-endpoints": extra("charybdis", "/references"),
    }),
  );
  await cluster.applyService(
    m3Service("m3-capture", "capture", {
      ...ANNO,
      "m3.io/endpoint-names": "beholder",
      "m3.io/url": "https://m3.example.org/capture",
      "m3.io/extra-endpoints": extra("skimmer", "/skimmer"),
    }),
  );
  const discovery = await discover(cluster);
  try {
    t.deepEqual(namesOf(discovery), ["annosaurus", "charybdis", "beholder", "skimmer"]);
    t.like(
      discovery.entries().find((entry) => entry.names.includes("skimmer")),
      {
        url: "https://m3.example.org/skimmer",
        internalUrl: "http://m3-gateway:8080/skimmer",
        secretEnv: undefined,
      },
    );
    await cluster.applyService(
      m3Service("m3-capture", "capture", { ...ANNO, "m3.io/endpoint-names": "beholder" }),
    );
    await namesBecome(discovery, ["annosaurus", "charybdis", "beholder"]);
    await cluster.applyService(
      m3Service("m3-capture", "capture", {
        ...ANNO,
        "m3.io/endpoint-names": "beholder",
        "m3.io/extra-endpoints": "[{}]",
      }),
    );
    await namesBecome(discovery, ["annosaurus", "charybdis"]);
  } finally {
    await discovery.close();
    await cluster.close();
  }
});

test("the watch adds, changes and removes entries as Services come, change and go", async (t) => {
  const cluster = await KubeCluster.start();
  await cluster.applyService(m3Service("m3-annotation", "annotation", ANNO));
  const discovery = await discover(cluster);
  try {
    await cluster.applyService(
      m3Service("m3-registry", "registry", { ...ANNO, "m3.io/endpoint-names": "vampire-squid" }),
    );
    await namesBecome(discovery, ["annosaurus", "vampire-squid"]);
    await cluster.applyService(
      m3Service("m3-annotation", "annotation", { ...ANNO, "m3.io/url": "https://new.example.org/anno/v1" }),
    );
    const changed = await eventually(() =>
      discovery.entries().find((entry) => entry.url === "https://new.example.org/anno/v1"),
    );
    t.deepEqual(changed.names, ["annosaurus"]);
    await cluster.deleteService("m3-registry");
    await namesBecome(discovery, ["annosaurus"]);
    await cluster.applyService(m3Service("m3-annotation", "annotation", {}));
    await namesBecome(discovery, []);
    t.deepEqual(discovery.entries(), []);
  } finally {
    await discovery.close();
    await cluster.close();
  }
});

test("a Service with an invalid annotation is left out until it is fixed", async (t) => {
  const cluster = await KubeCluster.start();
  await cluster.applyService(
    m3Service("m3-capture", "capture", {
      ...ANNO,
      "m3.io/endpoint-names": "beholder",
      "m3.io/url": "not a url",
    }),
  );
  const discovery = await discover(cluster);
  try {
    t.deepEqual(discovery.entries(), []);
    await cluster.applyService(
      m3Service("m3-capture", "capture", {
        ...ANNO,
        "m3.io/endpoint-names": "beholder",
        "m3.io/timeout-millis": "-1",
      }),
    );
    await cluster.applyService(
      m3Service("m3-upload", "upload", { ...ANNO, "m3.io/endpoint-names": "panoptes" }),
    );
    await namesBecome(discovery, ["panoptes"]);
    await cluster.applyService(
      m3Service("m3-capture", "capture", { ...ANNO, "m3.io/endpoint-names": "beholder" }),
    );
    await namesBecome(discovery, ["beholder", "panoptes"]);
    t.pass();
  } finally {
    await discovery.close();
    await cluster.close();
  }
});
