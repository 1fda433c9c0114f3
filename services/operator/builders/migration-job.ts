/**
 * The schema migration of one version: `migrate kb annotation registry` in that version's image,
 * as the chart's pre-upgrade hook runs it. One Job per version (its name carries the version), so
 * a version is migrated once, and a failed Job stays for its logs until someone deletes it (the
 * operator then runs it again) or asks for another version.
 */
import { DATABASE_DOMAINS } from "../api/domain-names.js";
import type { M3Platform } from "../api/m3platform-schema.js";
import { databaseEnv } from "./database-env.js";
import { jobPodTemplate } from "./job-pod.js";
import { objectMeta, objectName } from "./platform-labels.js";

export const MIGRATION_VERSION_ANNOTATION = "m3.io/version";

export function migrationJobName(platform: M3Platform, version: string): string {
  const slug = version
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return objectName(platform, `migrate-${slug}`).slice(0, 63).replace(/-+$/, "");
}

export function migrationJob(platform: M3Platform) {
  const { image, version } = platform.spec;
  const meta = objectMeta(platform, "migrate", migrationJobName(platform, version));
  return {
    apiVersion: "batch/v1",
    kind: "Job",
    metadata: { ...meta, annotations: { [MIGRATION_VERSION_ANNOTATION]: version } },
    spec: {
      backoffLimit: 2,
      activeDeadlineSeconds: 1800,
      template: jobPodTemplate(platform, {
        name: "migrate",
        image: `${image}:${version}`,
        args: ["migrate", ...DATABASE_DOMAINS],
        env: databaseEnv(platform, DATABASE_DOMAINS),
      }),
    },
  };
}
