/**
 * How a rotation reads in the platform's status: the SecretsRotating condition (True while a
 * rotation runs, its phase as the reason) and status.rotation.
 */
import type { M3Platform, M3PlatformStatus } from "../api/m3platform-schema.js";
import type { RotationState } from "./secret-rotation.js";

export interface RotationReport {
  rotating: boolean;
  reason: string;
  message: string;
  rotation?: M3PlatformStatus["rotation"];
}

export function rotationReport(platform: M3Platform, state: RotationState | undefined): RotationReport {
  if (state === undefined)
    return {
      rotating: false,
      reason: "NotRequested",
      message: "no rotation requested (spec.secrets.rotation.id starts one)",
    };
  const what = state.secrets
    .map((secret) => (secret === "apiKey" ? "API key" : "signing secret"))
    .join(" and ");
  const rotation = { ...state, secrets: [...state.secrets] };
  if (state.phase === "Rotated")
    return {
      rotating: false,
      reason: "Rotated",
      message: `rotation ${state.id} of the ${what} finished at ${state.finishedAt}`,
      rotation,
    };
  const requested = platform.spec.secrets.rotation?.id;
  const queued = requested && requested !== state.id ? `; rotation ${requested} starts after this one` : "";
  const message =
    state.phase === "Announce"
      ? `every pod is to accept the new ${what} while still issuing with the old; rolling out`
      : state.phase === "Switch"
        ? state.retireAt === undefined
          ? `the new ${what} become current, the old still accepted; rolling out`
          : `the new ${what} are current; the old are accepted until ${state.retireAt}`
        : `the old ${what} are no longer accepted; rolling out`;
  return {
    rotating: true,
    reason: state.phase,
    message: `rotation ${state.id}: ${message}${queued}`,
    rotation,
  };
}
