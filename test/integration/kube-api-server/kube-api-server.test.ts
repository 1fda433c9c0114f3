import {
  ApiException,
  AppsV1Api,
  BatchV1Api,
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  PatchStrategy,
  setHeaderOptions,
  type V1Deployment,
  type V1DeploymentSpec,
  Watch,
} from "@kubernetes/client-node";
import test from "ava";
import { KubeApiServer } from "../../../tools/dev/fixtures/kube-api-server/kube-api-server.js";
import { eventually } from "../../support/config/eventually.js";

const NS = "media";
const MERGE = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);

async function withServer(run: (api: KubeApiServer, config: KubeConfig) => Promise<void>) {
  const api = await KubeApiServer.start();
  const config = new KubeConfig();
  config.loadFromOptions(api.kubeconfig(NS));
  try {
    await run(api, config);
  } finally {
    await api.close();
  }
}

function deployment(name: string, replicas = 1): V1Deployment {
  return {
    metadata: { name, labels: { app: name } },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name, image: "m3:1" }] } },
    },
  };
}

function withReplicas(object: V1Deployment, replicas: number): V1Deployment {
  return { ...object, spec: { ...(object.spec as V1DeploymentSpec), replicas } };
}

async function refusal(promise: Promise<unknown>): Promise<{ code: number; body: Record<string, unknown> }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiException) {
      return { code: error.code, body: JSON.parse(String(error.body)) as Record<string, unknown> };
    }
    throw error;
  }
  throw new Error("the call succeeded");
}

const PLATFORM_CRD = {
  apiVersion: "apiextensions.k8s.io/v1",
  kind: "CustomResourceDefinition",
  metadata: { name: "widgets.example.io" },
  spec: {
    group: "example.io",
    scope: "Namespaced",
    names: { plural: "widgets", singular: "widget", kind: "Widget" },
    versions: [
      {
        name: "v1",
        served: true,
        storage: true,
        subresources: { status: {} },
        schema: { openAPIV3Schema: { type: "object" } },
      },
    ],
  },
};

test("a Deployment is created, read and replaced with a new resourceVersion; a create of the same name is 409 AlreadyExists", async (t) => {
  await withServer(async (_api, config) => {
    const apps = config.makeApiClient(AppsV1Api);
    const created = await apps.createNamespacedDeployment({ namespace: NS, body: deployment("kb") });
    t.is(created.metadata?.namespace, NS);
    t.is(created.metadata?.generation, 1);
    t.truthy(created.metadata?.uid);
    const read = await apps.readNamespacedDeployment({ name: "kb", namespace: NS });
    t.is(read.metadata?.resourceVersion, created.metadata?.resourceVersion);
    const scaled = await apps.replaceNamespacedDeployment({
      name: "kb",
      namespace: NS,
      body: withReplicas(read, 3),
    });
    t.not(scaled.metadata?.resourceVersion, read.metadata?.resourceVersion);
    t.is(scaled.metadata?.generation, 2);
    const again = await refusal(apps.createNamespacedDeployment({ namespace: NS, body: deployment("kb") }));
    t.is(again.code, 409);
    t.like(again.body, { kind: "Status", reason: "AlreadyExists", code: 409 });
  });
});

test("a replace carrying a stale resourceVersion is 409 Conflict and changes nothing", async (t) => {
  await withServer(async (_api, config) => {
    const apps = config.makeApiClient(AppsV1Api);
    const first = await apps.createNamespacedDeployment({ namespace: NS, body: deployment("kb") });
    await apps.replaceNamespacedDeployment({
      name: "kb",
      namespace: NS,
      body: withReplicas(first, 2),
    });
    const stale = await refusal(
      apps.replaceNamespacedDeployment({
        name: "kb",
        namespace: NS,
        body: withReplicas(first, 5),
      }),
    );
    t.is(stale.code, 409);
    t.is(stale.body.reason, "Conflict");
    t.is((await apps.readNamespacedDeployment({ name: "kb", namespace: NS })).spec?.replicas, 2);
  });
});

test("a missing object is 404 with a NotFound Status body naming it", async (t) => {
  await withServer(async (_api, config) => {
    const core = config.makeApiClient(CoreV1Api);
    const missing = await refusal(core.readNamespacedConfigMap({ name: "nope", namespace: NS }));
    t.is(missing.code, 404);
    t.like(missing.body, {
      kind: "Status",
      status: "Failure",
      reason: "NotFound",
      details: { name: "nope" },
    });
  });
});

test("a merge patch merges maps, replaces lists, removes keys set to null, and a write that changes nothing keeps the version", async (t) => {
  await withServer(async (_api, config) => {
    const core = config.makeApiClient(CoreV1Api);
    await core.createNamespacedConfigMap({
      namespace: NS,
      body: { metadata: { name: "env", labels: { a: "1", b: "2" } }, data: { X: "1" } },
    });
    const patched = await core.patchNamespacedConfigMap(
      { name: "env", namespace: NS, body: { metadata: { labels: { b: null, c: "3" } }, data: { Y: "2" } } },
      MERGE,
    );
    t.deepEqual(patched.metadata?.labels, { a: "1", c: "3" });
    t.deepEqual(patched.data, { X: "1", Y: "2" });
    const same = await core.patchNamespacedConfigMap(
      { name: "env", namespace: NS, body: { data: { Y: "2" } } },
      MERGE,
    );
    t.is(same.metadata?.resourceVersion, patched.metadata?.resourceVersion);
    const json = await refusal(
      core.patchNamespacedConfigMap({ name: "env", namespace: NS, body: [{ op: "remove", path: "/data" }] }),
    );
    t.is(json.code, 415);
  });
});

test("a custom resource with the status subresource: status ignored on the main resource, spec ignored on /status, generation counts spec changes", async (t) => {
  await withServer(async (_api, config) => {
    const custom = config.makeApiClient(CustomObjectsApi);
    await custom.createClusterCustomObject({
      group: "apiextensions.k8s.io",
      version: "v1",
      plural: "customresourcedefinitions",
      body: PLATFORM_CRD,
    });
    const target = { group: "example.io", version: "v1", namespace: NS, plural: "widgets" };
    const created = await custom.createNamespacedCustomObject({
      ...target,
      body: {
        apiVersion: "example.io/v1",
        kind: "Widget",
        metadata: { name: "w" },
        spec: { size: 1 },
        status: { ready: true },
      },
    });
    t.deepEqual(created.status, {});
    const main = await custom.patchNamespacedCustomObject(
      { ...target, name: "w", body: { spec: { size: 2 }, status: { ready: true } } },
      MERGE,
    );
    t.deepEqual([main.spec, main.status, main.metadata.generation], [{ size: 2 }, {}, 2]);
    const status = await custom.patchNamespacedCustomObjectStatus(
      { ...target, name: "w", body: { spec: { size: 9 }, status: { ready: true } } },
      MERGE,
    );
    t.deepEqual([status.spec, status.status, status.metadata.generation], [{ size: 2 }, { ready: true }, 2]);
  });
});

test("a watch streams ADDED, MODIFIED and DELETED from its resourceVersion, and BOOKMARKs when it allowed them", async (t) => {
  await withServer(async (api, config) => {
    const core = config.makeApiClient(CoreV1Api);
    const before = await core.listNamespacedConfigMap({ namespace: NS });
    const seen: string[] = [];
    const request = await new Watch(config).watch(
      `/api/v1/namespaces/${NS}/configmaps`,
      { resourceVersion: before.metadata?.resourceVersion, allowWatchBookmarks: true },
      (type, object) => seen.push(`${type} ${object.metadata?.name ?? object.metadata.resourceVersion}`),
      () => undefined,
    );
    await core.createNamespacedConfigMap({ namespace: NS, body: { metadata: { name: "a" } } });
    await core.patchNamespacedConfigMap({ name: "a", namespace: NS, body: { data: { k: "v" } } }, MERGE);
    await core.deleteNamespacedConfigMap({ name: "a", namespace: NS });
    await eventually(() => (seen.length === 3 ? true : undefined));
    t.is(api.watches.bookmark(), 1);
    await eventually(() => (seen.length === 4 ? true : undefined));
    request.abort();
    t.deepEqual(seen, ["ADDED a", "MODIFIED a", "DELETED a", `BOOKMARK ${api.store.resourceVersion}`]);
  });
});

test("a watch from a resourceVersion older than the last compaction ends with a 410 Expired ERROR event", async (t) => {
  await withServer(async (api, config) => {
    const core = config.makeApiClient(CoreV1Api);
    const old = await core.createNamespacedConfigMap({ namespace: NS, body: { metadata: { name: "a" } } });
    await core.patchNamespacedConfigMap({ name: "a", namespace: NS, body: { data: { k: "v" } } }, MERGE);
    api.watches.compact();
    const events: { type: string; code?: number }[] = [];
    await new Promise<void>((resolve) => {
      void new Watch(config).watch(
        `/api/v1/namespaces/${NS}/configmaps`,
        { resourceVersion: old.metadata?.resourceVersion },
        (type, object) => events.push({ type, code: object.code }),
        () => resolve(),
      );
    });
    t.deepEqual(events, [{ type: "ERROR", code: 410 }]);
  });
});

test("deleting an owner collects its dependents in the background, unless another owner remains", async (t) => {
  await withServer(async (_api, config) => {
    const apps = config.makeApiClient(AppsV1Api);
    const core = config.makeApiClient(CoreV1Api);
    const owner = await apps.createNamespacedDeployment({ namespace: NS, body: deployment("owner") });
    const other = await apps.createNamespacedDeployment({ namespace: NS, body: deployment("other") });
    const ref = (o: V1Deployment) => ({
      apiVersion: "apps/v1",
      kind: "Deployment",
      name: o.metadata?.name ?? "",
      uid: o.metadata?.uid ?? "",
    });
    await core.createNamespacedConfigMap({
      namespace: NS,
      body: { metadata: { name: "only", ownerReferences: [ref(owner)] } },
    });
    await core.createNamespacedConfigMap({
      namespace: NS,
      body: { metadata: { name: "shared", ownerReferences: [ref(owner), ref(other)] } },
    });
    await apps.deleteNamespacedDeployment({ name: "owner", namespace: NS });
    await eventually(async () => {
      const names = (await core.listNamespacedConfigMap({ namespace: NS })).items.map(
        (item) => item.metadata?.name,
      );
      return names.join() === "shared" ? true : undefined;
    });
    t.pass();
  });
});

test("list filters by label selector and Lease objects of coordination.k8s.io are served", async (t) => {
  await withServer(async (_api, config) => {
    const core = config.makeApiClient(CoreV1Api);
    await core.createNamespacedConfigMap({
      namespace: NS,
      body: { metadata: { name: "a", labels: { tier: "x" } } },
    });
    await core.createNamespacedConfigMap({
      namespace: NS,
      body: { metadata: { name: "b", labels: { tier: "y" } } },
    });
    const listed = await core.listNamespacedConfigMap({ namespace: NS, labelSelector: "tier!=y" });
    t.deepEqual(
      listed.items.map((item) => item.metadata?.name),
      ["a"],
    );
    const custom = config.makeApiClient(CustomObjectsApi);
    const lease = await custom.createNamespacedCustomObject({
      group: "coordination.k8s.io",
      version: "v1",
      namespace: NS,
      plural: "leases",
      body: { metadata: { name: "leader" }, spec: { holderIdentity: "a" } },
    });
    t.is(lease.kind, "Lease");
  });
});

test("a Job's pod template is immutable: a patch changing it is 422 Invalid and changes nothing; its other fields may change", async (t) => {
  await withServer(async (_api, config) => {
    const batch = config.makeApiClient(BatchV1Api);
    const template = { spec: { restartPolicy: "Never", containers: [{ name: "migrate", image: "m3:1" }] } };
    await batch.createNamespacedJob({
      namespace: NS,
      body: { metadata: { name: "migrate" }, spec: { template } },
    });
    const refused = await t.throwsAsync(
      batch.patchNamespacedJob(
        {
          namespace: NS,
          name: "migrate",
          body: { spec: { template: { spec: { containers: [{ name: "migrate", image: "m3:2" }] } } } },
        },
        MERGE,
      ),
      { instanceOf: ApiException },
    );
    t.is((refused as ApiException<string>).code, 422);
    t.regex(
      String((refused as ApiException<string>).body),
      /spec\.template: Invalid value: field is immutable/,
    );
    const kept = await batch.readNamespacedJob({ namespace: NS, name: "migrate" });
    t.is(kept.spec?.template.spec?.containers[0]?.image, "m3:1");
    await batch.patchNamespacedJob(
      { namespace: NS, name: "migrate", body: { metadata: { labels: { team: "ops" } } } },
      MERGE,
    );
    t.is((await batch.readNamespacedJob({ namespace: NS, name: "migrate" })).metadata?.labels?.team, "ops");
  });
});
