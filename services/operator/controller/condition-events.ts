/**
 * The Events a status change announces once: a backup or restore that failed, a restore that
 * succeeded. They are recorded when the condition takes that reason (or a new message), not on
 * every reconcile that still sees it.
 */
import type { PlatformCondition } from "../api/m3platform-schema.js";

const ANNOUNCED: readonly { type: string; reason: string; event: "Normal" | "Warning" }[] = [
  { type: "Degraded", reason: "BackupFailed", event: "Warning" },
  { type: "Degraded", reason: "RestoreFailed", event: "Warning" },
  { type: "Restored", reason: "RestoreSucceeded", event: "Normal" },
];

export function conditionEvents(
  previous: readonly PlatformCondition[] | undefined,
  next: readonly PlatformCondition[],
): { type: "Normal" | "Warning"; reason: string; message: string }[] {
  return ANNOUNCED.flatMap(({ type, reason, event }) => {
    const now = next.find((item) => item.type === type);
    if (now?.reason !== reason) return [];
    const before = previous?.find((item) => item.type === type);
    if (before?.reason === reason && before.message === now.message) return [];
    return [{ type: event, reason, message: now.message }];
  });
}
