/**
 * The scheduled backup: `m3 backup --output <target> --retain N` in the platform's image, one
 * run at a time, with the same settings and secrets as the domains. No schedule, no CronJob.
 */
import { DATABASE_DOMAINS } from "../api/domain-names.js";
import type { M3Platform } from "../api/m3platform-schema.js";
import { databaseEnv, fromSecret } from "./database-env.js";
import { jobPodTemplate } from "./job-pod.js";
import { objectMeta } from "./platform-labels.js";

/** The secrets `m3 backup` and `m3 restore` read: the database and the object store (archives go there). */
export function archiveEnv(platform: M3Platform) {
  const { objectStore } = platform.spec;
  const env = databaseEnv(platform, DATABASE_DOMAINS);
  if (objectStore) {
    env.push(fromSecret("M3_UPLOAD_S3_ACCESS_KEY", objectStore.accessKeySecret));
    env.push(fromSecret("M3_UPLOAD_S3_SECRET_KEY", objectStore.secretKeySecret));
  }
  return env;
}

/** version: the one the domains run, so the backup reads the schema they use. */
export function backupCronJob(platform: M3Platform, version: string) {
  const { backup, image } = platform.spec;
  if (!backup?.schedule || !backup.target) return undefined;
  return {
    apiVersion: "batch/v1",
    kind: "CronJob",
    metadata: objectMeta(platform, "backup"),
    spec: {
      schedule: backup.schedule,
      concurrencyPolicy: "Forbid",
      successfulJobsHistoryLimit: 3,
      failedJobsHistoryLimit: 3,
      jobTemplate: {
        // The Jobs carry the component label and the operator's (its watch selects them), so
        // the operator finds the newest and its outcome. Their owner is the CronJob.
        metadata: { labels: objectMeta(platform, "backup").labels },
        spec: {
          backoffLimit: 1,
          template: jobPodTemplate(platform, {
            name: "backup",
            image: `${image}:${version}`,
            args: ["m3", "backup", "--output", backup.target, "--retain", String(backup.retain ?? 7)],
            env: archiveEnv(platform),
          }),
        },
      },
    },
  };
}
