/**
 * The rotation of the API key and the signing secret as a state machine. Its state lives in the
 * platform's own Secret: the values and the annotations naming the phase are written in one
 * update (guarded by resourceVersion), so an operator taking over mid-rotation reads where it
 * stands and never makes new values twice. Each phase is one rolling update of every
 * Deployment (the Secret's hash is in their pod templates), and the next phase is written only
 * once every Deployment has rolled the current one out. For each rotated pair (current value,
 * list of other accepted values), old value O and new value N:
 *
 *   Announce  current O, list N   every pod accepts N, still issues with O
 *   Switch    current N, list O   new tokens and the key clients move to are N; O still accepted
 *   Retire    current N, no list  written retireAfterSeconds after the Switch rolled out
 *   Rotated   (nothing written)   the Retire rolled out: the rotation is finished
 *
 * Two consecutive phases always share the value that signs and the keys clients hold, so pods
 * of either phase accept what the other issues: no request is refused during a rollout.
 */
import { randomBytes } from "node:crypto";
import type { V1Secret } from "@kubernetes/client-node";
import type { M3Platform } from "../api/m3platform-schema.js";
import { platformSecretKeys, retireAfterSeconds, rotatedSecrets } from "../builders/platform-secret-keys.js";

export type RotationPhase = "Announce" | "Switch" | "Retire" | "Rotated";
type Rotated = "apiKey" | "signingSecret";

export const ROTATION_ANNOTATIONS = {
  id: "m3.io/rotation-id",
  phase: "m3.io/rotation-phase",
  secrets: "m3.io/rotation-secrets",
  startedAt: "m3.io/rotation-started-at",
  retireAt: "m3.io/rotation-retire-at",
  finishedAt: "m3.io/rotation-finished-at",
} as const;

/** What the Secret says of the last rotation. */
export interface RotationState {
  id: string;
  phase: RotationPhase;
  secrets: Rotated[];
  startedAt: string;
  retireAt?: string;
  finishedAt?: string;
}

/** What to do now: write the Secret (data and annotations replace the old ones), or wait. */
export type RotationStep =
  | { action: "write"; data: Record<string, string>; state: RotationState; event: string }
  | { action: "wait"; state: RotationState | undefined; requeueAfterMillis?: number };

const PHASES: readonly RotationPhase[] = ["Announce", "Switch", "Retire", "Rotated"];

export function rotationStateOf(secret: V1Secret): RotationState | undefined {
  const notes = secret.metadata?.annotations ?? {};
  const id = notes[ROTATION_ANNOTATIONS.id];
  const phase = notes[ROTATION_ANNOTATIONS.phase] as RotationPhase | undefined;
  if (id === undefined || phase === undefined || !PHASES.includes(phase)) return undefined;
  const secrets = (notes[ROTATION_ANNOTATIONS.secrets] ?? "")
    .split(",")
    .filter((item): item is Rotated => item === "apiKey" || item === "signingSecret");
  const optional = (key: "retireAt" | "finishedAt") =>
    notes[ROTATION_ANNOTATIONS[key]] ? { [key]: notes[ROTATION_ANNOTATIONS[key]] } : {};
  return {
    id,
    phase,
    secrets,
    startedAt: notes[ROTATION_ANNOTATIONS.startedAt] ?? "",
    ...optional("retireAt"),
    ...optional("finishedAt"),
  };
}

/** The annotations that record a state (the Secret's other annotations are kept by the caller). */
export function rotationAnnotations(state: RotationState): Record<string, string> {
  const notes: Record<string, string> = {
    [ROTATION_ANNOTATIONS.id]: state.id,
    [ROTATION_ANNOTATIONS.phase]: state.phase,
    [ROTATION_ANNOTATIONS.secrets]: state.secrets.join(","),
    [ROTATION_ANNOTATIONS.startedAt]: state.startedAt,
  };
  if (state.retireAt) notes[ROTATION_ANNOTATIONS.retireAt] = state.retireAt;
  if (state.finishedAt) notes[ROTATION_ANNOTATIONS.finishedAt] = state.finishedAt;
  return notes;
}

/**
 * The next step of the platform's rotation. rolledOut: every Deployment runs the pod template
 * of the Secret as read (so every pod has the current phase's values).
 */
export function nextRotationStep(
  platform: M3Platform,
  secret: V1Secret,
  rolledOut: boolean,
  now: Date,
  generate: () => string = newSecretValue,
): RotationStep {
  const state = rotationStateOf(secret);
  const request = platform.spec.secrets.rotation;
  const data = secret.data ?? {};
  if (state === undefined || state.phase === "Rotated") {
    if (request === undefined || request.id === state?.id) return { action: "wait", state };
    const secrets = rotatedSecrets(platform);
    const next: RotationState = { id: request.id, phase: "Announce", secrets, startedAt: stamp(now) };
    const announced = { ...data };
    for (const [current, list] of pairsOf(platform, secrets)) {
      if (data[current] === undefined) continue; // a missing key is the reconcile's ApplyFailed
      announced[list] = b64(generate());
    }
    return { action: "write", data: announced, state: next, event: `rotation ${request.id}: Announce` };
  }
  if (!rolledOut) return { action: "wait", state };
  const pairs = pairsOf(platform, state.secrets);
  if (state.phase === "Announce") {
    const switched = { ...data };
    for (const [current, list] of pairs) {
      if (data[list] === undefined) continue;
      switched[current] = data[list] as string;
      switched[list] = data[current] as string;
    }
    const next: RotationState = { ...state, phase: "Switch" };
    return { action: "write", data: switched, state: next, event: `rotation ${state.id}: Switch` };
  }
  if (state.phase === "Switch") {
    if (state.retireAt === undefined) {
      // The delay counts from now, when no pod issues with the old secret any more.
      const delayMillis = retireAfterSeconds(platform) * 1000;
      const next = { ...state, retireAt: stamp(new Date(now.getTime() + delayMillis)) };
      return {
        action: "write",
        data,
        state: next,
        event: `rotation ${state.id}: the old values stay accepted until ${next.retireAt}`,
      };
    }
    const waitMillis = Date.parse(state.retireAt) - now.getTime();
    if (waitMillis > 0) return { action: "wait", state, requeueAfterMillis: waitMillis };
    const retired = { ...data };
    for (const [, list] of pairs) delete retired[list];
    const next: RotationState = { ...state, phase: "Retire" };
    return { action: "write", data: retired, state: next, event: `rotation ${state.id}: Retire` };
  }
  const next: RotationState = { ...state, phase: "Rotated", finishedAt: stamp(now) };
  return { action: "write", data, state: next, event: `rotation ${state.id}: Rotated` };
}

/** Each rotated secret's (current key, list key) in the Secret. */
function pairsOf(platform: M3Platform, secrets: readonly Rotated[]): [string, string][] {
  const keys = platformSecretKeys(platform);
  return secrets.map((secret) =>
    secret === "apiKey" ? [keys.apiKey, keys.apiKeys] : [keys.signingSecret, keys.previousSigningSecrets],
  );
}

/** 32 random bytes as hex: as strong as `openssl rand -hex 32`, the docs' manual recipe. */
function newSecretValue(): string {
  return randomBytes(32).toString("hex");
}

function b64(text: string): string {
  return Buffer.from(text, "utf8").toString("base64");
}

/** An RFC 3339 time to the second, as the API server writes them. */
function stamp(time: Date): string {
  return time.toISOString().replace(/\.\d+Z$/, "Z");
}
