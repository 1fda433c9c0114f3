import type { V1Deployment } from "@kubernetes/client-node";
import test from "ava";
import type { M3Platform } from "../../../services/operator/api/m3platform-schema.js";
import { restoreState } from "../../../services/operator/controller/restore-gate.js";
import { isWriterPod, platformPodSelector } from "../../../services/operator/controller/writer-pods.js";

const PLATFORM: M3Platform = {
  apiVersion: "m3.io/v1alpha1",
  kind: "M3Platform",
  metadata: { name: "m3", namespace: "media", uid: "u" },
  spec: {
    image: "m3",
    version: "2.0.0",
    publicUrl: "https://m3.example.org",
    database: { urlSecret: { name: "db", key: "url" } },
    secrets: { name: "s" },
    restore: { id: "r1", from: "s3://b/a.jsonl.gz" },
  },
};

function writer(replicas: number, pods: number, observed = true): V1Deployment {
  return {
    metadata: { generation: 2 },
    spec: { replicas, selector: {}, template: {} },
    status: { observedGeneration: observed ? 2 : 1, replicas: pods },
  };
}

const stopped = ["kb", "annotation", "registry"].map((domain) => ({
  domain: domain as "kb",
  deployment: writer(0, 0),
}));

test("the restore Job waits until every writer is scaled to zero, seen by its controller, with no pod left (terminating ones counted), and no migration runs", (t) => {
  const succeeded = { phase: "succeeded" as const };
  t.like(restoreState(PLATFORM, undefined, stopped, succeeded, 0), {
    phase: "running",
    job: "m3-restore-r1",
    exists: false,
  });
  t.like(restoreState(PLATFORM, undefined, stopped, { phase: "running" }, 0), { phase: "stopping" });
  const draining = [...stopped.slice(1), { domain: "kb" as const, deployment: writer(0, 1) }];
  t.like(restoreState(PLATFORM, undefined, draining, succeeded, 0), { phase: "stopping" });
  const unseen = [...stopped.slice(1), { domain: "kb" as const, deployment: writer(0, 0, false) }];
  t.like(restoreState(PLATFORM, undefined, unseen, succeeded, 0), { phase: "stopping" });
  const noRequest = { ...PLATFORM, spec: { ...PLATFORM.spec, restore: undefined } };
  t.deepEqual(restoreState(noRequest, undefined, stopped, succeeded, 0), { phase: "none" });
  t.like(
    restoreState(PLATFORM, undefined, stopped, succeeded, 1),
    { phase: "stopping" },
    "a pod still terminating",
  );
  t.like(
    restoreState(PLATFORM, undefined, stopped, succeeded, undefined),
    { phase: "stopping" },
    "pods not counted",
  );
});

test("the writers' pods are the platform's (by its instance label) of the three writing components", (t) => {
  t.is(platformPodSelector(PLATFORM), "app.kubernetes.io/instance=m3");
  const pod = (component: string) => ({ metadata: { labels: { "app.kubernetes.io/component": component } } });
  t.deepEqual(
    ["kb", "annotation", "registry", "gateway", "capture", "backup"].filter((component) =>
      isWriterPod(pod(component)),
    ),
    ["kb", "annotation", "registry"],
  );
});
