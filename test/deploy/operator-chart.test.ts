import { readFileSync } from "node:fs";
import { join } from "node:path";
import test from "ava";
import { m3PlatformCrd } from "../../services/operator/api/m3platform-crd.js";
import {
  M3_PLATFORM_SPEC,
  M3_PLATFORM_STATUS,
  type M3Platform,
} from "../../services/operator/api/m3platform-schema.js";
import type { SchemaNode } from "../../services/operator/api/schema-types.js";
import { platformObjects } from "../../services/operator/builders/platform-objects.js";
import { operatorRules } from "../../services/operator/rbac/operator-rules.js";
import {
  renderOperatorChartFiles,
  renderOperatorKustomize,
} from "../../tools/dev/codegen/k8s/operator-manifests.js";
import {
  helmLint,
  helmTemplate,
  type K8sObject,
  KUSTOMIZE_DIR,
  kustomize,
  OPERATOR_CHART_DIR,
} from "../../tools/dev/codegen/k8s/render.js";
import { assertSchemaValid } from "../support/deploy/manifest-assertions.js";
import { openApiViolations } from "../support/deploy/openapi-subset.js";

const render = (valuesFiles: string[] = []) =>
  helmTemplate({ chart: OPERATOR_CHART_DIR, release: "m3-operator", valuesFiles });
const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
const kinds = (objects: K8sObject[]) => objects.map((object) => object.kind);

test("helm lint --strict passes on the operator chart, with and without a platform", async (t) => {
  await t.notThrowsAsync(helmLint({ chart: OPERATOR_CHART_DIR }));
  await t.notThrowsAsync(helmLint({ chart: OPERATOR_CHART_DIR, valuesFiles: ["ci/platform-values.yaml"] }));
});

test("helm template renders the CRD, the operator's ServiceAccount, Role, RoleBinding and Deployment, each valid, and no platform by default", async (t) => {
  const objects = await render();
  t.deepEqual(kinds(objects).sort(), [
    "CustomResourceDefinition",
    "Deployment",
    "Role",
    "RoleBinding",
    "ServiceAccount",
  ]);
  await assertSchemaValid(t, objects);
  const crd = objects.find((object) => object.kind === "CustomResourceDefinition");
  t.deepEqual(crd, json(m3PlatformCrd()));
  t.deepEqual(objects.find((object) => object.kind === "Role")?.rules, json(operatorRules()));
  const deployment = objects.find((object) => object.kind === "Deployment");
  t.deepEqual(deployment?.spec.template.spec.containers[0].args, ["operator"]);
  t.is(deployment?.spec.template.spec.serviceAccountName, "m3-operator");
});

test("crd.install=false leaves the CRD out", async (t) => {
  const objects = await helmTemplate({
    chart: OPERATOR_CHART_DIR,
    release: "m3-operator",
    set: ["crd.install=false"],
  });
  t.false(kinds(objects).includes("CustomResourceDefinition"));
});

test("a platform declared in values renders as an M3Platform that passes the CRD's schema, and the operator's objects for it pass the Kubernetes schema", async (t) => {
  const objects = await render(["ci/platform-values.yaml"]);
  const platform = objects.find((object) => object.kind === "M3Platform");
  t.truthy(platform);
  const schema = m3PlatformCrd().spec.versions[0]?.schema.openAPIV3Schema;
  t.deepEqual(openApiViolations(schema as never, platform), []);
  const declared = {
    ...(platform as unknown as M3Platform),
    metadata: { name: "m3", namespace: "media", uid: "4f1c2d9e-0000-4000-8000-000000000001" },
  };
  const built = platformObjects(declared, {}, declared.spec.version);
  t.deepEqual(
    built
      .map((object) => `${object.kind}/${object.metadata.name}`)
      .filter((name) => !name.startsWith("Deployment/") && !name.startsWith("Service/")),
    [
      "ConfigMap/m3-settings",
      "NetworkPolicy/m3-gateway",
      "NetworkPolicy/m3-domains",
      "Job/m3-migrate-0-1-0",
      "ServiceAccount/m3-config",
      "Role/m3-config",
      "RoleBinding/m3-config",
      "HorizontalPodAutoscaler/m3-kb",
      "PodDisruptionBudget/m3-kb",
      "PodDisruptionBudget/m3-registry",
      "CronJob/m3-backup",
    ],
  );
  await assertSchemaValid(t, built as unknown as K8sObject[]);
});

/** Structural: every node says its type, unless it keeps unknown fields on purpose. */
function untypedNodes(node: SchemaNode, path: string): string[] {
  const own = node.type === undefined && !node["x-kubernetes-preserve-unknown-fields"] ? [path] : [];
  const children = [
    ...Object.entries(node.properties ?? {}).map(([name, child]) => untypedNodes(child, `${path}.${name}`)),
    node.items ? untypedNodes(node.items, `${path}[]`) : [],
    node.additionalProperties ? untypedNodes(node.additionalProperties, `${path}.*`) : [],
  ];
  return [...own, ...children.flat()];
}

test("the M3Platform schema is structural, and the printer columns read fields the status declares", (t) => {
  t.deepEqual(untypedNodes(M3_PLATFORM_SPEC, "spec"), []);
  t.deepEqual(untypedNodes(M3_PLATFORM_STATUS, "status"), []);
  const columns = m3PlatformCrd().spec.versions[0]?.additionalPrinterColumns ?? [];
  t.deepEqual(
    columns.map((column) => column.name),
    ["Ready", "Version", "Replicas", "Age"],
  );
  for (const column of columns.filter((item) => item.jsonPath.startsWith(".status."))) {
    const field = /^\.status\.(\w+)/.exec(column.jsonPath)?.[1] ?? "";
    t.truthy(
      M3_PLATFORM_STATUS.properties[field as keyof typeof M3_PLATFORM_STATUS.properties],
      column.jsonPath,
    );
  }
});

test("helm/m3-operator/files and k8s/operator are fresh (regenerate with tools/dev/codegen/k8s/generate-operator-manifests.ts)", async (t) => {
  for (const [name, text] of renderOperatorChartFiles()) {
    t.is(readFileSync(join(OPERATOR_CHART_DIR, "files", name), "utf8"), text, `files/${name} is stale`);
  }
  for (const [name, text] of await renderOperatorKustomize()) {
    t.is(readFileSync(join(KUSTOMIZE_DIR, "operator", name), "utf8"), text, `k8s/operator/${name} is stale`);
  }
});

test("kubectl kustomize k8s/operator builds the same kinds, each valid", async (t) => {
  const objects = await kustomize(join(KUSTOMIZE_DIR, "operator"));
  t.deepEqual(kinds(objects).sort(), [
    "CustomResourceDefinition",
    "Deployment",
    "Role",
    "RoleBinding",
    "ServiceAccount",
  ]);
  await assertSchemaValid(t, objects);
});
