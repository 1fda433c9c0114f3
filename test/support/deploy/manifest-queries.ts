import type { K8sObject } from "../../../tools/dev/codegen/k8s/render.js";

/** The components whose pods serve gRPC (the gateway serves HTTP). */
export const DOMAINS = ["kb", "annotation", "registry", "config", "capture", "upload"] as const;

export const SELECTOR_LABELS = [
  "app.kubernetes.io/name",
  "app.kubernetes.io/instance",
  "app.kubernetes.io/component",
] as const;

export function ofKind(objects: readonly K8sObject[], kind: string): K8sObject[] {
  return objects.filter((object) => object.kind === kind);
}

export function componentOf(object: K8sObject): string | undefined {
  return object.metadata.labels?.["app.kubernetes.io/component"];
}

/** The one object of a kind for a component; throws when there is none or more than one. */
export function findComponent(objects: readonly K8sObject[], kind: string, component: string): K8sObject {
  const found = ofKind(objects, kind).filter((object) => componentOf(object) === component);
  if (found.length !== 1) throw new Error(`expected one ${kind} of ${component}, found ${found.length}`);
  return found[0] as K8sObject;
}

/** The pod template of a workload (Deployment or Job). */
// biome-ignore lint/suspicious/noExplicitAny: rendered manifests are untyped data.
export function podSpecOf(workload: K8sObject): any {
  if (workload.kind === "CronJob") return workload.spec.jobTemplate.spec.template.spec;
  return workload.spec.template.spec;
}

/** An env list as name -> value (valueFrom entries map to their secret "name/key"). */
export function envOf(container: {
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
}): Map<string, string> {
  return new Map(
    (container.env ?? []).map((variable) => {
      const ref = variable.valueFrom?.secretKeyRef;
      return [variable.name, ref ? `secret:${ref.name}/${ref.key}` : (variable.value ?? "")];
    }),
  );
}

/** Whether a label selector (matchLabels form) selects the given labels. */
export function selects(selector: Record<string, string>, labels: Record<string, string> = {}): boolean {
  return Object.entries(selector).every(([key, value]) => labels[key] === value);
}

/**
 * What a container's process sees: the ConfigMaps it reads by envFrom (found among the objects),
 * then its own env over them, as envOf maps them.
 */
export function effectiveEnvOf(
  objects: readonly K8sObject[],
  // biome-ignore lint/suspicious/noExplicitAny: rendered manifests are untyped data.
  container: any,
): Map<string, string> {
  const fromMaps = (container.envFrom ?? []).flatMap((source: { configMapRef?: { name: string } }) =>
    Object.entries(
      ofKind(objects, "ConfigMap").find((map) => map.metadata.name === source.configMapRef?.name)?.data ?? {},
    ),
  ) as [string, string][];
  return new Map([...fromMaps, ...envOf(container)]);
}
