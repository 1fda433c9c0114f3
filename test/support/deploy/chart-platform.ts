/**
 * The chart as a cluster would run it: `helm template` renders the CRD, the operator and the
 * M3Platform, and the operator's builders render the platform's objects from that M3Platform.
 * The deploy tests read both, so a promise the chart made when it rendered the platform itself
 * is now checked on the one description that remains, the builders'.
 */
import type { M3Platform } from "../../../services/operator/api/m3platform-schema.js";
import { platformObjects } from "../../../services/operator/builders/platform-objects.js";
import {
  type HelmRenderOptions,
  helmTemplate,
  type K8sObject,
} from "../../../tools/dev/codegen/k8s/render.js";

export interface RenderedInstall {
  /** What the chart renders (the CRD, the operator, the M3Platform and what is beside it). */
  chart: K8sObject[];
  platform: M3Platform;
  /** What the operator makes of the M3Platform once its version is migrated. */
  built: K8sObject[];
  /** Both, as the namespace holds them. */
  all: K8sObject[];
}

export const UID = "4f1c2d9e-0000-4000-8000-000000000001";

export async function renderInstall(options: HelmRenderOptions = {}): Promise<RenderedInstall> {
  const chart = await helmTemplate(options);
  const declared = chart.find((object) => object.kind === "M3Platform");
  if (declared === undefined) throw new Error("the chart rendered no M3Platform");
  const platform = {
    ...(declared as unknown as M3Platform),
    metadata: { name: declared.metadata.name, namespace: declared.metadata.namespace ?? "media", uid: UID },
  };
  const built = platformObjects(platform, {}, platform.spec.version) as unknown as K8sObject[];
  return { chart, platform, built, all: [...chart, ...built] };
}
