import { KubeConfig } from "@kubernetes/client-node";
import test from "ava";
import { pino } from "pino";
import type { EndpointDiscovery } from "../../../services/config/discovery/endpoint-entry.js";
import { startKubeDiscovery } from "../../../services/config/discovery/kube-discovery.js";
import { eventually } from "../../support/config/eventually.js";
import { KubeApiStub, m3Service } from "../../support/config/kube-api-stub.js";

const ANNO = {
  "m3.io/endpoint-names": "annosaurus",
  "m3.io/url": "https://m3.example.org/anno/v1",
  "m3.io/internal-url": "http://m3-gateway.media.svc.cluster.local:8080/anno/v1",
  "m3.io/proxy-path": "/anno",
  "m3.io/secret-env": "M3_ANNOTATION_API_KEY",
};
const KB = {
  "m3.io/endpoint-names": "oni,vars-kb-server,vars-user-server",
  "m3.io/url": "https://m3.example.org/kb/v1/",
  "m3.io/proxy-path": "/kb",
  "m3.io/timeout-millis": "20000",
};

async function discover(stub: KubeApiStub, retryMillis = 50): Promise<EndpointDiscovery> {
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromOptions(stub.kubeconfig());
  return startKubeDiscovery({
    kubeConfig,
    namespace: stub.namespace,
    logger: pino({ level: "silent" }),
    retryMillis,
  });
}

function namesOf(discovery: EndpointDiscovery): string[] {
  return discovery.entries().flatMap((entry) => entry.names);
}

/** Waits until the discovered names are exactly the expected ones. */
function namesBecome(discovery: EndpointDiscovery, expected: string[]) {
  return eventually(() =>
    JSON.stringify(namesOf(discovery)) === JSON.stringify(expected) ? true : undefined,
  );
}

test("the initial list maps annotated m3 Services to entries, with defaults, and skips the rest", async (t) => {
  const stub = await KubeApiStub.start();
  stub.applyService(m3Service("m3-annotation", "annotation", ANNO));
  stub.applyService(m3Service("m3-kb", "kb", KB));
  stub.applyService(m3Service("m3-mysql-headless", "database"));
  stub.applyService({ name: "other-app", annotations: { ...ANNO, "m3.io/endpoint-names": "intruder" } });
  const discovery = await discover(stub);
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
    const list = stub.requests.find((request) => request.query.get("watch") !== "true");
    t.is(list?.path, "/api/v1/namespaces/media/services");
    t.is(list?.query.get("labelSelector"), "app.kubernetes.io/part-of=m3");
    t.is(list?.authorization, "Bearer stub-token");
  } finally {
    await discovery.close();
    await stub.close();
  }
});

test("a Service's extra endpoints (skimmer on capture, charybdis on annotation) are found like the others", async (t) => {
  const stub = await KubeApiStub.start();
  const extra = (names: string, path: string) =>
    JSON.stringify([
      {
        names,
        url: `https://m3.example.org${path}`,
        internalUrl: `http://m3-gateway:8080${path}`,
        proxyPath: path,
      },
    ]);
  stub.applyService(
    m3Service("m3-annotation", "annotation", {
      ...ANNO,
      "m3.io/extra-endpoints": extra("charybdis", "/references"),
    }),
  );
  stub.applyService(
    m3Service("m3-capture", "capture", {
      ...ANNO,
      "m3.io/endpoint-names": "beholder",
      "m3.io/url": "https://m3.example.org/capture",
      "m3.io/extra-endpoints": extra("skimmer", "/skimmer"),
    }),
  );
  const discovery = await discover(stub);
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
    await eventually(() => (stub.openWatches() === 1 ? true : undefined));
    stub.applyService(m3Service("m3-capture", "capture", { ...ANNO, "m3.io/endpoint-names": "beholder" }));
    await namesBecome(discovery, ["annosaurus", "charybdis", "beholder"]);
    stub.applyService(
      m3Service("m3-capture", "capture", {
        ...ANNO,
        "m3.io/endpoint-names": "beholder",
        "m3.io/extra-endpoints": "[{}]",
      }),
    );
    await namesBecome(discovery, ["annosaurus", "charybdis"]);
  } finally {
    await discovery.close();
    await stub.close();
  }
});

test("the watch adds, changes and removes entries as Services come, change and go", async (t) => {
  const stub = await KubeApiStub.start();
  stub.applyService(m3Service("m3-annotation", "annotation", ANNO));
  const discovery = await discover(stub);
  try {
    await eventually(() => (stub.openWatches() === 1 ? true : undefined));
    stub.applyService(
      m3Service("m3-registry", "registry", { ...ANNO, "m3.io/endpoint-names": "vampire-squid" }),
    );
    await namesBecome(discovery, ["annosaurus", "vampire-squid"]);
    stub.applyService(
      m3Service("m3-annotation", "annotation", { ...ANNO, "m3.io/url": "https://new.example.org/anno/v1" }),
    );
    const changed = await eventually(() =>
      discovery.entries().find((entry) => entry.url === "https://new.example.org/anno/v1"),
    );
    t.deepEqual(changed.names, ["annosaurus"]);
    stub.deleteService("m3-registry");
    await namesBecome(discovery, ["annosaurus"]);
    stub.applyService(m3Service("m3-annotation", "annotation", {}));
    await namesBecome(discovery, []);
    t.deepEqual(discovery.entries(), []);
  } finally {
    await discovery.close();
    await stub.close();
  }
});

test("a Service with an invalid annotation is left out until it is fixed", async (t) => {
  const stub = await KubeApiStub.start();
  stub.applyService(
    m3Service("m3-capture", "capture", {
      ...ANNO,
      "m3.io/endpoint-names": "beholder",
      "m3.io/url": "not a url",
    }),
  );
  const discovery = await discover(stub);
  try {
    t.deepEqual(discovery.entries(), []);
    stub.applyService(
      m3Service("m3-capture", "capture", {
        ...ANNO,
        "m3.io/endpoint-names": "beholder",
        "m3.io/timeout-millis": "-1",
      }),
    );
    stub.applyService(m3Service("m3-upload", "upload", { ...ANNO, "m3.io/endpoint-names": "panoptes" }));
    await namesBecome(discovery, ["panoptes"]);
    stub.applyService(m3Service("m3-capture", "capture", { ...ANNO, "m3.io/endpoint-names": "beholder" }));
    await namesBecome(discovery, ["beholder", "panoptes"]);
    t.pass();
  } finally {
    await discovery.close();
    await stub.close();
  }
});

test("after a 410 Gone the informer lists again and sees what changed meanwhile", async (t) => {
  const stub = await KubeApiStub.start();
  stub.applyService(m3Service("m3-annotation", "annotation", ANNO));
  stub.applyService(
    m3Service("m3-registry", "registry", { ...ANNO, "m3.io/endpoint-names": "vampire-squid" }),
  );
  const discovery = await discover(stub);
  try {
    await eventually(() => (stub.openWatches() === 1 ? true : undefined));
    stub.endWatches();
    // While no watch is open, a change happens and the history is compacted away.
    stub.deleteService("m3-annotation");
    stub.compact();
    await namesBecome(discovery, ["vampire-squid"]);
    const lists = stub.requests.filter((request) => request.query.get("watch") !== "true");
    t.is(lists.length, 2);
  } finally {
    await discovery.close();
    await stub.close();
  }
});

test("when the API server fails to list, discovery retries and then finds the Services", async (t) => {
  const stub = await KubeApiStub.start();
  stub.applyService(m3Service("m3-annotation", "annotation", ANNO));
  stub.failLists(2);
  const discovery = await discover(stub);
  try {
    t.deepEqual(discovery.entries(), []);
    await namesBecome(discovery, ["annosaurus"]);
    t.is(stub.requests.filter((request) => request.query.get("watch") !== "true").length, 3);
  } finally {
    await discovery.close();
    await stub.close();
  }
});

test("closing discovery ends its watch", async (t) => {
  const stub = await KubeApiStub.start();
  const discovery = await discover(stub);
  await eventually(() => (stub.openWatches() === 1 ? true : undefined));
  await discovery.close();
  await eventually(() => (stub.openWatches() === 0 ? true : undefined));
  t.is(stub.openWatches(), 0);
  await stub.close();
});
