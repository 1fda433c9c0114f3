/**
 * The pod template of the platform's Jobs (the migration, the backup, a restore): one container
 * that runs to completion, never restarted in place, with no API token, the shared settings and
 * every process's variables, the pull secrets and policy, and spec.jobs.resources.
 */
import type { M3Platform } from "../api/m3platform-schema.js";
import {
  containerSecurity,
  podSecurity,
  podVolumes,
  processEnv,
  pullPolicy,
  pullSecrets,
  volumeMounts,
} from "./container-runtime.js";
import { objectName, selectorLabels } from "./platform-labels.js";

export interface JobContainer {
  /** The container's name and the pods' component label. */
  name: string;
  image: string;
  args: string[];
  env: { name: string; [field: string]: unknown }[];
}

export function jobPodTemplate(platform: M3Platform, container: JobContainer) {
  const resources = platform.spec.jobs?.resources;
  return {
    metadata: { labels: selectorLabels(platform, container.name) },
    spec: {
      restartPolicy: "Never",
      automountServiceAccountToken: false,
      ...pullSecrets(platform),
      securityContext: podSecurity(),
      containers: [
        {
          name: container.name,
          image: container.image,
          ...pullPolicy(platform),
          args: container.args,
          envFrom: [{ configMapRef: { name: objectName(platform, "settings") } }],
          env: processEnv(platform, container.env),
          ...(resources ? { resources } : {}),
          securityContext: containerSecurity(),
          volumeMounts: volumeMounts(),
        },
      ],
      volumes: podVolumes(),
    },
  };
}
