/**
 * A restore of spec.restore: `m3 restore --input <from>` in the image the domains run, with the
 * backup's settings and secrets. One Job per restore id (its name carries the id), so an id is
 * restored once; the Job stays for its logs.
 */
import type { M3Platform } from "../api/m3platform-schema.js";
import { archiveEnv } from "./backup-cron-job.js";
import { jobPodTemplate } from "./job-pod.js";
import { objectMeta, objectName } from "./platform-labels.js";

export function restoreJobName(platform: M3Platform, id: string): string {
  const slug = id
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return objectName(platform, `restore-${slug}`).slice(0, 63).replace(/-+$/, "");
}

/** version: the one the domains run (else spec.version on a first install), so the schemas match. */
export function restoreJob(platform: M3Platform, version: string) {
  const { restore, image } = platform.spec;
  if (restore === undefined) return undefined;
  return {
    apiVersion: "batch/v1",
    kind: "Job",
    metadata: {
      ...objectMeta(platform, "restore", restoreJobName(platform, restore.id)),
      annotations: { "m3.io/restore-from": restore.from },
    },
    spec: {
      // A failed restore changed nothing (it commits only a whole archive): one retry is safe.
      backoffLimit: 1,
      template: jobPodTemplate(platform, {
        name: "restore",
        image: `${image}:${version}`,
        args: ["m3", "restore", "--input", restore.from, ...(restore.force ? ["--force"] : [])],
        env: archiveEnv(platform),
      }),
    },
  };
}
