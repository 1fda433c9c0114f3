/**
 * The config service's discovery where only the API-server stand-in can show it: the requests it
 * received, a 410 Gone after a compaction, lists that fail, and the watch it ends. A real API
 * server offers no request log and no way to inject these, so this file always runs on the
 * stand-in; the rest of discovery, through the API only, is in kube-discovery.test.ts.
 */
import { KubeConfig } from "@kubernetes/client-node";
import test from "ava";
import { pino } from "pino";
import type { EndpointDiscovery } from "../../../services/config/discovery/endpoint-entry.js";
import { startKubeDiscovery } from "../../../services/config/discovery/kube-discovery.js";
import { namesBecome, namesOf } from "../../support/config/discovered-names.js";
import { eventually } from "../../support/config/eventually.js";
import { ANNO, KubeApiStub, m3Service } from "../../support/config/kube-api-stub.js";

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

test("discovery lists the namespace's Services with the m3 selector, as its own user", async (t) => {
  const stub = await KubeApiStub.start();
  stub.applyService(m3Service("m3-annotation", "annotation", ANNO));
  const discovery = await discover(stub);
  try {
    t.deepEqual(namesOf(discovery), ["annosaurus"]);
    const list = stub.requests.find((request) => request.query.get("watch") !== "true");
    t.is(list?.path, "/api/v1/namespaces/media/services");
    t.is(list?.query.get("labelSelector"), "app.kubernetes.io/part-of=m3");
    t.is(list?.authorization, "Bearer stub-token");
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
