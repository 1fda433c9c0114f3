/**
 * The stand-in's garbage collector finds what the real one does when a controller writes from a
 * stale cache: an object written after its owner was deleted is collected too.
 */
import { CoreV1Api, KubeConfig, type V1ConfigMap } from "@kubernetes/client-node";
import test from "ava";
import { KubeApiServer } from "../../../tools/dev/fixtures/kube-api-server/kube-api-server.js";
import { eventually } from "../../support/config/eventually.js";

const NS = "media";

test("an object written with owners that are all gone is collected; one with an owner left stays", async (t) => {
  const api = await KubeApiServer.start();
  const config = new KubeConfig();
  config.loadFromOptions(api.kubeconfig(NS));
  const core = config.makeApiClient(CoreV1Api);
  try {
    const ref = (owner: V1ConfigMap) => ({
      apiVersion: "v1",
      kind: "ConfigMap",
      name: owner.metadata?.name ?? "",
      uid: owner.metadata?.uid ?? "",
    });
    const gone = await core.createNamespacedConfigMap({
      namespace: NS,
      body: { metadata: { name: "gone" } },
    });
    const kept = await core.createNamespacedConfigMap({
      namespace: NS,
      body: { metadata: { name: "kept" } },
    });
    await core.deleteNamespacedConfigMap({ name: "gone", namespace: NS });
    await core.createNamespacedConfigMap({
      namespace: NS,
      body: { metadata: { name: "late", ownerReferences: [ref(gone)] } },
    });
    await core.createNamespacedConfigMap({
      namespace: NS,
      body: { metadata: { name: "shared", ownerReferences: [ref(gone), ref(kept)] } },
    });
    const names = async () =>
      (await core.listNamespacedConfigMap({ namespace: NS })).items.map((item) => item.metadata?.name).join();
    await eventually(async () => ((await names()) === "kept,shared" ? true : undefined));
    await core.replaceNamespacedConfigMap({
      name: "shared",
      namespace: NS,
      body: { metadata: { name: "shared", ownerReferences: [ref(gone)] } },
    });
    await eventually(async () => ((await names()) === "kept" ? true : undefined));
    t.pass();
  } finally {
    await api.close();
  }
});
