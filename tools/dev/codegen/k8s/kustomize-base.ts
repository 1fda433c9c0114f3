import { stringify } from "yaml";
import { helmTemplate, type K8sObject } from "./render.js";

/**
 * The chart values the kustomize base is rendered with: fixed names, and a platform whose every
 * credential is a key of one Secret, `m3-secrets`, that the overlay generates.
 */
export const BASE_VALUES = [
  "fullnameOverride=m3",
  "platform.spec.secrets.name=m3-secrets",
  "platform.spec.secrets.apiKeyKey=api-key",
  "platform.spec.secrets.signingSecretKey=signing-secret",
  "platform.spec.admin.passwordSecret.name=m3-secrets",
  "platform.spec.admin.passwordSecret.key=admin-password",
  "platform.spec.database.urlSecret.name=m3-secrets",
  "platform.spec.database.urlSecret.key=database-url",
  "platform.spec.objectStore.endpoint=http://minio:9000",
  "platform.spec.objectStore.bucket=m3-images",
  "platform.spec.objectStore.accessKeySecret.name=m3-secrets",
  "platform.spec.objectStore.accessKeySecret.key=access-key",
  "platform.spec.objectStore.secretKeySecret.name=m3-secrets",
  "platform.spec.objectStore.secretKeySecret.key=secret-key",
];
const RENDER_NAMESPACE = "kustomize-base";
const HELM_ONLY_LABELS = ["helm.sh/chart", "app.kubernetes.io/managed-by"];
const HELM_ONLY_ANNOTATIONS = ["helm.sh/hook", "helm.sh/hook-weight", "helm.sh/hook-delete-policy"];
export const HEADER =
  "# Generated from helm/m3 by `npx tsx tools/dev/codegen/k8s/generate-kustomize-base.ts`; do not edit.\n" +
  "# Change the chart (or patch in an overlay) and regenerate.\n";

/**
 * The k8s/base files: the chart rendered once, without Helm's own labels and hooks and
 * without a namespace (kustomize sets it): the CRD, the operator, the M3Platform, plus
 * kustomization.yaml.
 */
export async function renderKustomizeBase(): Promise<Map<string, string>> {
  const byComponent = new Map<string, K8sObject[]>();
  for (const object of await renderKustomizeObjects(BASE_VALUES)) {
    const component =
      object.kind === "CustomResourceDefinition"
        ? "customresourcedefinition"
        : (object.metadata.labels?.["app.kubernetes.io/component"] ?? "platform");
    byComponent.set(component, [...(byComponent.get(component) ?? []), object]);
  }
  const files = new Map<string, string>();
  // The CRD first: the M3Platform can be applied only once its kind is served.
  const order = (name: string) => (name === "customresourcedefinition" ? 0 : 1);
  const components = [...byComponent].sort(([a], [b]) => order(a) - order(b));
  for (const [component, members] of components) {
    files.set(`${component}.yaml`, HEADER + members.map((object) => stringify(object)).join("---\n"));
  }
  const kustomization = {
    apiVersion: "kustomize.config.k8s.io/v1beta1",
    kind: "Kustomization",
    resources: [...files.keys()],
  };
  files.set("kustomization.yaml", HEADER + stringify(kustomization));
  return files;
}

/** The chart's objects as kustomize applies them, rendered with the given values. */
export async function renderKustomizeObjects(values: readonly string[]): Promise<K8sObject[]> {
  const objects = await helmTemplate({ release: "m3", namespace: RENDER_NAMESPACE, set: [...values] });
  return objects.filter((object) => !isHelmTest(object)).map(withoutHelm);
}

/** `helm test` Pods run only under Helm; applied by kustomize they would run once and linger. */
function isHelmTest(object: K8sObject): boolean {
  return (object.metadata.annotations?.["helm.sh/hook"] ?? "").split(",").includes("test");
}

/** The object as kustomize applies it: no namespace, no Helm labels or hooks. */
export function withoutHelm(object: K8sObject): K8sObject {
  const copy = structuredClone(object);
  delete copy.metadata.namespace;
  for (const metadata of [copy.metadata, copy.spec?.template?.metadata]) {
    for (const label of HELM_ONLY_LABELS) delete metadata?.labels?.[label];
    if (metadata?.labels) metadata.labels["app.kubernetes.io/managed-by"] = "kustomize";
  }
  for (const annotation of HELM_ONLY_ANNOTATIONS) delete copy.metadata.annotations?.[annotation];
  for (const subject of copy.subjects ?? []) delete subject.namespace;
  return copy;
}
