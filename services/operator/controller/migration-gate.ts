/**
 * The migration gate: the domains roll to a new version only after that version's migration
 * Job succeeded. Until then they keep the version they run (on a first install, they wait); a
 * failed Job leaves them there and the platform Degraded with the Job's own message.
 */
import type { V1Deployment, V1Job } from "@kubernetes/client-node";

export type MigrationState =
  | { phase: "running" }
  | { phase: "succeeded" }
  | { phase: "failed"; message: string };

export function migrationState(job: V1Job | undefined): MigrationState {
  const conditions = job?.status?.conditions ?? [];
  const failed = conditions.find((item) => item.type === "Failed" && item.status === "True");
  if (failed)
    return { phase: "failed", message: failed.message ?? failed.reason ?? "the migration Job failed" };
  if (conditions.some((item) => item.type === "Complete" && item.status === "True"))
    return { phase: "succeeded" };
  return { phase: "running" };
}

/** The version the Deployments are to run: the new one once migrated, else the one they run. */
export function versionToDeploy(
  wanted: string,
  migration: MigrationState,
  running: string | undefined,
): string | undefined {
  return migration.phase === "succeeded" ? wanted : running;
}

/** The image tag the platform's Deployments run now (undefined before the first rollout). */
export function runningVersion(deployments: readonly (V1Deployment | undefined)[]): string | undefined {
  for (const deployment of deployments) {
    const image = deployment?.spec?.template.spec?.containers[0]?.image;
    const tag = image?.slice(image.lastIndexOf(":") + 1);
    if (tag) return tag;
  }
  return undefined;
}
