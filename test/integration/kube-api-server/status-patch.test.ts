/**
 * The stand-in's status subresource as the tests' controllers write it (merge patches of
 * `/status`, test/support/operator/cluster-controllers.ts), through the real client: what a real
 * API server does with them, so the same calls hold on k3s.
 */
import {
  AppsV1Api,
  BatchV1Api,
  CoreV1Api,
  KubeConfig,
  PatchStrategy,
  setHeaderOptions,
  Watch,
} from "@kubernetes/client-node";
import test from "ava";
import { KubeApiServer } from "../../../tools/dev/fixtures/kube-api-server/kube-api-server.js";
import { eventually } from "../../support/config/eventually.js";

const NS = "media";
const MERGE = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);

async function withServer(run: (config: KubeConfig) => Promise<void>) {
  const api = await KubeApiServer.start();
  const config = new KubeConfig();
  config.loadFromOptions(api.kubeconfig(NS));
  try {
    await run(config);
  } finally {
    await api.close();
  }
}

const labels = { app: "kb" };
const kbDeployment = {
  metadata: { name: "kb", labels },
  spec: {
    replicas: 2,
    selector: { matchLabels: labels },
    template: { metadata: { labels }, spec: { containers: [{ name: "kb", image: "m3:1" }] } },
  },
};

test("a merge patch of a Deployment's /status merges the status (lists replaced, null removes), ignores spec and labels, keeps the generation and is one MODIFIED event", async (t) => {
  await withServer(async (config) => {
    const apps = config.makeApiClient(AppsV1Api);
    const created = await apps.createNamespacedDeployment({ namespace: NS, body: kbDeployment });
    t.deepEqual({ ...created.status }, {});
    const events: string[] = [];
    const watch = await new Watch(config).watch(
      `/apis/apps/v1/namespaces/${NS}/deployments`,
      { resourceVersion: created.metadata?.resourceVersion },
      (type, object) => events.push(`${type} ${object.status?.readyReplicas}`),
      () => {},
    );
    const ready = await apps.patchNamespacedDeploymentStatus(
      {
        name: "kb",
        namespace: NS,
        body: {
          metadata: { labels: { app: "other" } },
          spec: { replicas: 9 },
          status: {
            observedGeneration: 1,
            replicas: 2,
            readyReplicas: 2,
            availableReplicas: 2,
            conditions: [
              { type: "Available", status: "True" },
              { type: "Progressing", status: "True" },
            ],
          },
        },
      },
      MERGE,
    );
    t.like(ready.status, { observedGeneration: 1, replicas: 2, readyReplicas: 2, availableReplicas: 2 });
    t.is(ready.spec?.replicas, 2, "spec is the main resource's");
    t.deepEqual(ready.metadata?.labels, labels);
    t.is(ready.metadata?.generation, 1);
    t.not(ready.metadata?.resourceVersion, created.metadata?.resourceVersion);
    await eventually(() => (events.length === 1 ? true : undefined));
    t.deepEqual(events, ["MODIFIED 2"]);

    const stalled = await apps.patchNamespacedDeploymentStatus(
      {
        name: "kb",
        namespace: NS,
        body: { status: { availableReplicas: null, conditions: [{ type: "Progressing", status: "False" }] } },
      },
      MERGE,
    );
    t.deepEqual(
      stalled.status?.conditions?.map((item) => `${item.type}=${item.status}`),
      ["Progressing=False"],
    );
    t.is(stalled.status?.availableReplicas, undefined);
    t.is(stalled.status?.readyReplicas, 2, "a key the patch does not name stays");
    const again = await apps.patchNamespacedDeploymentStatus(
      { name: "kb", namespace: NS, body: { status: { readyReplicas: 2 } } },
      MERGE,
    );
    t.is(again.metadata?.resourceVersion, stalled.metadata?.resourceVersion, "a patch that changes nothing");
    watch.abort();
  });
});

test("a Job's verdict written to /status is read back as written, with the times as RFC 3339", async (t) => {
  await withServer(async (config) => {
    const batch = config.makeApiClient(BatchV1Api);
    await batch.createNamespacedJob({
      namespace: NS,
      body: {
        metadata: { name: "migrate" },
        spec: { template: { spec: { restartPolicy: "Never", containers: [{ name: "m", image: "m3:1" }] } } },
      },
    });
    const status = {
      startTime: "2026-11-29T03:00:00Z",
      completionTime: "2026-11-29T03:00:05Z",
      succeeded: 1,
      conditions: [
        { type: "SuccessCriteriaMet", status: "True", reason: "CompletionsReached" },
        { type: "Complete", status: "True", reason: "CompletionsReached" },
      ],
    };
    await batch.patchNamespacedJobStatus({ name: "migrate", namespace: NS, body: { status } }, MERGE);
    const job = await batch.readNamespacedJob({ name: "migrate", namespace: NS });
    t.is(job.status?.completionTime?.toISOString(), "2026-11-29T03:00:05.000Z");
    t.deepEqual(
      job.status?.conditions?.map((item) => item.type),
      ["SuccessCriteriaMet", "Complete"],
    );
    t.is(job.status?.succeeded, 1);
  });
});

test("a kind without a status subresource has no /status to patch: 404, nothing changed", async (t) => {
  await withServer(async (config) => {
    const core = config.makeApiClient(CoreV1Api);
    await core.createNamespacedConfigMap({
      namespace: NS,
      body: { metadata: { name: "env" }, data: { X: "1" } },
    });
    const raw = await fetch(
      `${config.getCurrentCluster()?.server}/api/v1/namespaces/${NS}/configmaps/env/status`,
      {
        method: "PATCH",
        headers: { "content-type": "application/merge-patch+json", authorization: "Bearer tester-token" },
        body: JSON.stringify({ data: { X: "2" } }),
      },
    );
    t.is(raw.status, 404);
    t.deepEqual((await core.readNamespacedConfigMap({ name: "env", namespace: NS })).data, { X: "1" });
  });
});
