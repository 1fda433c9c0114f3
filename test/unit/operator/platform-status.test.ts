import type { V1Deployment } from "@kubernetes/client-node";
import test from "ava";
import type { M3Platform } from "../../../services/operator/api/m3platform-schema.js";
import { platformStatus } from "../../../services/operator/controller/platform-status.js";
import { rotationReport } from "../../../services/operator/controller/rotation-report.js";

const PLATFORM: M3Platform = {
  apiVersion: "m3.io/v1alpha1",
  kind: "M3Platform",
  metadata: { name: "m3", namespace: "media", uid: "u", generation: 3 },
  spec: {
    image: "m3",
    version: "2.0.0",
    publicUrl: "https://m3.example.org",
    database: { urlSecret: { name: "db", key: "url" } },
    secrets: { name: "s" },
  },
};

function deployment(image: string, replicas: number, ready: number): V1Deployment {
  return {
    metadata: { generation: 1 },
    spec: { replicas, selector: {}, template: { spec: { containers: [{ name: "c", image }] } } },
    status: { observedGeneration: 1, replicas, updatedReplicas: replicas, readyReplicas: ready },
  };
}

const T1 = new Date("2026-11-29T01:00:00Z");
const T2 = new Date("2026-11-29T01:05:00Z");
const QUIET = { rotation: rotationReport(PLATFORM, undefined), restore: { phase: "none" as const } };
const SUCCEEDED = { migration: { phase: "succeeded" as const }, applyError: undefined, ...QUIET };

test("a rollout in progress keeps the running version and says which domains are behind", (t) => {
  const status = platformStatus(
    { ...PLATFORM, status: { version: "1.0.0" } },
    [
      { domain: "kb", deployment: deployment("m3:2.0.0", 2, 2) },
      { domain: "registry", deployment: deployment("m3:1.0.0", 2, 1) },
    ],
    SUCCEEDED,
    T1,
  );
  t.like(status, { observedGeneration: 3, version: "1.0.0", replicas: "3/4" });
  t.like(
    status.conditions?.find((item) => item.type === "Progressing"),
    {
      status: "True",
      reason: "RollingOut",
      message: "rolling out 2.0.0: registry",
    },
  );
  t.like(
    status.conditions?.find((item) => item.type === "Ready"),
    { status: "False", message: "pods not ready: registry 1/2" },
  );
});

test("a condition keeps its lastTransitionTime while its status stays, and takes the new time when it changes", (t) => {
  const first = platformStatus(
    PLATFORM,
    [{ domain: "kb", deployment: deployment("m3:2.0.0", 1, 0) }],
    SUCCEEDED,
    T1,
  );
  const same = platformStatus(
    { ...PLATFORM, status: first },
    [{ domain: "kb", deployment: deployment("m3:2.0.0", 1, 0) }],
    SUCCEEDED,
    T2,
  );
  const ready = platformStatus(
    { ...PLATFORM, status: first },
    [{ domain: "kb", deployment: deployment("m3:2.0.0", 1, 1) }],
    SUCCEEDED,
    T2,
  );
  const at = (status: typeof first, type: string) =>
    status.conditions?.find((item) => item.type === type)?.lastTransitionTime;
  t.is(at(same, "Ready"), "2026-11-29T01:00:00Z");
  t.is(at(ready, "Ready"), "2026-11-29T01:05:00Z");
  t.is(at(ready, "Degraded"), "2026-11-29T01:00:00Z");
  t.is(ready.version, "2.0.0");
});

test("a failed migration holds the rollout: not Progressing, Degraded and not Migrated, with the Job's message", (t) => {
  const status = platformStatus(
    { ...PLATFORM, status: { version: "1.0.0" } },
    [{ domain: "kb", deployment: deployment("m3:1.0.0", 1, 1) }],
    {
      migration: { phase: "failed", message: "backoff limit" },
      applyError: undefined,
      ...QUIET,
    },
    T1,
  );
  const reasons = Object.fromEntries(
    (status.conditions ?? []).map((item) => [item.type, `${item.status} ${item.reason}`]),
  );
  t.deepEqual(reasons, {
    Ready: "True AllDomainsReady",
    Progressing: "False MigrationFailed",
    Degraded: "True MigrationFailed",
    Migrated: "False MigrationFailed",
    SecretsRotating: "False NotRequested",
    Restored: "False NotRequested",
  });
  t.is(status.version, "1.0.0");
});
