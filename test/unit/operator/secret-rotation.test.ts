import type { V1Secret } from "@kubernetes/client-node";
import test from "ava";
import type { M3Platform } from "../../../services/operator/api/m3platform-schema.js";
import { rotationReport } from "../../../services/operator/controller/rotation-report.js";
import {
  nextRotationStep,
  type RotationState,
  rotationAnnotations,
} from "../../../services/operator/controller/secret-rotation.js";

const NOW = new Date("2026-11-29T03:00:00Z");
const b64 = (text: string) => Buffer.from(text).toString("base64");
const text = (data: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(data).map(([key, value]) => [key, Buffer.from(value, "base64").toString()]),
  );

function platform(secrets: M3Platform["spec"]["secrets"]): M3Platform {
  return {
    apiVersion: "m3.io/v1alpha1",
    kind: "M3Platform",
    metadata: { name: "m3", namespace: "media", uid: "u" },
    spec: {
      image: "m3",
      version: "1.0.0",
      publicUrl: "https://m3.example.org",
      database: { urlSecret: { name: "db", key: "url" } },
      secrets,
    },
  };
}

function secret(values: Record<string, string>, state?: RotationState): V1Secret {
  return {
    metadata: { name: "s", annotations: { team: "media", ...(state ? rotationAnnotations(state) : {}) } },
    data: Object.fromEntries(Object.entries(values).map(([key, value]) => [key, b64(value)])),
  };
}

test("a rotation of the API key alone leaves the signing secret and its list untouched in every phase", (t) => {
  const only = platform({ name: "s", rotate: ["apiKey"], rotation: { id: "r1", retireAfterSeconds: 0 } });
  const start = nextRotationStep(only, secret({ apiKey: "k1", signingSecret: "s1" }), true, NOW, () => "k2");
  if (start.action !== "write") return t.fail("the rotation starts");
  t.deepEqual(text(start.data), { apiKey: "k1", apiKeys: "k2", signingSecret: "s1" });
  t.deepEqual(start.state.secrets, ["apiKey"]);
  const switched = nextRotationStep(only, secret(text(start.data), start.state), true, NOW);
  if (switched.action !== "write") return t.fail("the Switch follows");
  t.deepEqual(text(switched.data), { apiKey: "k2", apiKeys: "k1", signingSecret: "s1" });
});

test("renamed keys are the ones rotated", (t) => {
  const renamed = platform({
    name: "s",
    apiKeyKey: "api-key",
    apiKeysKey: "api-keys",
    signingSecretKey: "signing-secret",
    previousSigningSecretsKey: "previous-signing-secrets",
    rotation: { id: "r1" },
  });
  const start = nextRotationStep(
    renamed,
    secret({ "api-key": "k1", "signing-secret": "s1" }),
    true,
    NOW,
    () => "n",
  );
  if (start.action !== "write") return t.fail("the rotation starts");
  t.deepEqual(Object.keys(text(start.data)).sort(), [
    "api-key",
    "api-keys",
    "previous-signing-secrets",
    "signing-secret",
  ]);
});

test("a phase waits while a Deployment has not rolled out, and a new id waits for the running rotation", (t) => {
  const state: RotationState = {
    id: "r1",
    phase: "Announce",
    secrets: ["apiKey"],
    startedAt: "2026-11-29T02:00:00Z",
  };
  const next = platform({ name: "s", rotation: { id: "r2" } });
  const step = nextRotationStep(next, secret({ apiKey: "k1", apiKeys: "k2" }, state), false, NOW);
  t.deepEqual(step, { action: "wait", state: { ...state } });
  t.like(rotationReport(next, state), {
    rotating: true,
    reason: "Announce",
    message:
      "rotation r1: every pod is to accept the new API key while still issuing with the old; rolling out; rotation r2 starts after this one",
  });
});

test("a finished rotation with the same id does nothing; the Switch waits until its retire time and asks to be woken then", (t) => {
  const done: RotationState = {
    id: "r1",
    phase: "Rotated",
    secrets: ["apiKey"],
    startedAt: "2026-11-28T00:00:00Z",
    finishedAt: "2026-11-29T00:00:00Z",
  };
  const same = platform({ name: "s", rotation: { id: "r1" } });
  t.is(nextRotationStep(same, secret({ apiKey: "k2" }, done), true, NOW).action, "wait");
  const switched: RotationState = { ...done, phase: "Switch", retireAt: "2026-11-29T03:00:10Z" };
  delete switched.finishedAt;
  const step = nextRotationStep(same, secret({ apiKey: "k2", apiKeys: "k1" }, switched), true, NOW);
  t.like(step, { action: "wait", requeueAfterMillis: 10_000 });
});
